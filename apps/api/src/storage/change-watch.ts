import type { QueryExecutorProvider } from 'kysely';
import type { Database } from './database-schema.js';

/** A table whose changes a cache can watch. */
export type WatchedTable = keyof Database & string;

/**
 * Tells a cache whether what it read may have gone stale. `version(tables)` grows whenever a
 * write to one of `tables` may have been committed since the last call, by this process or by
 * another one on the same database (the CLI revoking a key), and stays put otherwise. Reading
 * it must cost far less than the query a cache saves: a database without such a cheap signal
 * offers no ChangeWatch, and its stores do not cache.
 */
export interface ChangeWatch {
  version(tables: readonly WatchedTable[]): number;
  /** Whether writes made through `db` are seen; a store caches only what its own `db` writes are watched for. */
  watches(db: QueryExecutorProvider): boolean;
}
