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
  /**
   * Each statement runs to its end on the calling thread (better-sqlite3): the awaits between
   * the statements of a transaction never reach the event loop. A long write (the events of a
   * step of thousands of ticks) then pauses between its statements, so that the loop answers
   * meanwhile.
   */
  readonly statementsHoldTheLoop: boolean;
}
