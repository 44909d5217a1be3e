import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../database-schema.js';
import { migratedStorage } from '../migrated-storage.js';
import type { StorageCapabilities } from '../storage-capabilities.js';
import type { StorageHandle } from '../storage-handle.js';

const POSTGRESQL: StorageCapabilities = { name: 'postgresql', rowLocks: true, ownedByOneProcess: false };

export interface PostgresOptions {
  /** Connections this process keeps open at most (SIM_DATABASE_POOL_SIZE). */
  poolSize: number;
}

/**
 * Opens a PostgreSQL database through a pool of `pg` connections and migrates it to the latest
 * schema. Several instances may start at once on the same database: kysely's Migrator holds a
 * PostgreSQL advisory lock while it migrates, so the second waits and then finds nothing to do.
 * There is no ChangeWatch: PostgreSQL has no per-connection counter as cheap as SQLite's
 * data_version, so the stores' read caches stay off.
 */
export async function openPostgres(url: string, options: PostgresOptions): Promise<StorageHandle> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize, application_name: 'sim-api' });
  // An idle connection that breaks (the server restarted) is dropped by the pool; without a
  // listener its 'error' event would end the process.
  pool.on('error', (error) => console.error(`database: an idle connection failed: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return migratedStorage(db, POSTGRESQL);
}
