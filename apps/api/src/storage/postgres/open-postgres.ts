import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../database-schema.js';
import { migratedStorage } from '../migrated-storage.js';
import { createLogger, type Logger } from '../../lib/logger.js';
import { NotifiedChangeWatch } from './notified-change-watch.js';
import type { StorageCapabilities } from '../storage-capabilities.js';
import type { StorageHandle } from '../storage-handle.js';

const POSTGRESQL: StorageCapabilities = { name: 'postgresql', rowLocks: true, ownedByOneProcess: false, statementsHoldTheLoop: false };

export interface PostgresOptions {
  /** Connections this process keeps open at most (SIM_DATABASE_POOL_SIZE). */
  poolSize: number;
  /** Where the pool and the change watch report a lost connection; a default logger otherwise. */
  logger?: Logger;
}

/**
 * Opens a PostgreSQL database through a pool of `pg` connections and migrates it to the latest
 * schema. Several instances may start at once on the same database: kysely's Migrator holds a
 * PostgreSQL advisory lock while it migrates, so the second waits and then finds nothing to do.
 * Its ChangeWatch (NotifiedChangeWatch) covers the identity tables only, whose changes are
 * announced: the API-key lookup is cached; a simulation read is checked by its version instead.
 */
export async function openPostgres(url: string, options: PostgresOptions): Promise<StorageHandle> {
  const logger = options.logger ?? createLogger();
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize, application_name: 'sim-api' });
  // An idle connection that breaks (the server restarted) is dropped by the pool; without a
  // listener its 'error' event would end the process.
  pool.on('error', (error) => logger.error(`database: an idle connection failed: ${error.message}`));
  // Key lookups are cached until a change is announced (docs/operations.md, "PostgreSQL").
  const changes = new NotifiedChangeWatch({ connectionString: url, logger });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [changes.plugin] });
  return migratedStorage(db, POSTGRESQL, { changes, simulations: false, start: () => changes.start(), close: () => changes.close() });
}
