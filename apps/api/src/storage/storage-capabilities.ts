/**
 * What differs between databases, as flags the storage code reads; business code never asks
 * which database it runs on.
 */
export interface StorageCapabilities {
  /** Human-readable name for logs and health. */
  readonly name: string;
  /** SELECT … FOR UPDATE exists (PostgreSQL); SQLite serializes writers itself. */
  readonly rowLocks: boolean;
  /**
   * The database is embedded and served by one server process (SQLite). Shared counters, such
   * as rate-limit windows, may then live in that process: nobody else could read them, and a
   * write per request would cost more than the rest of a GET.
   */
  readonly ownedByOneProcess: boolean;
}
