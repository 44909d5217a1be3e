/**
 * What differs between databases, as flags the storage code reads; business code never asks
 * which database it runs on.
 */
export interface StorageCapabilities {
  /** Human-readable name for logs and health. */
  readonly name: string;
  /** SELECT … FOR UPDATE exists (PostgreSQL); SQLite serializes writers itself. */
  readonly rowLocks: boolean;
}
