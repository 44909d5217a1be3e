import type { Kysely } from 'kysely';
import type { ChangeWatch } from './change-watch.js';
import type { Database } from './database-schema.js';
import { createKyselyExperimentStore } from './experiment-store-kysely.js';
import { KyselySimulationStore } from './kysely-simulation-store.js';
import { migrateToLatest } from './migrate.js';
import type { StorageCapabilities } from './storage-capabilities.js';
import type { StorageHandle } from './storage-handle.js';

/** A dialect's ChangeWatch and what it covers. */
export interface StorageWatch {
  changes: ChangeWatch;
  /** Whether simulation reads are cached on it (SQLite's data_version covers every table; PostgreSQL's notices cover identity only). */
  simulations: boolean;
  /** Started once the schema is migrated, closed before the database is destroyed (a LISTEN connection). */
  start?(): Promise<void>;
  close?(): Promise<void>;
}

/** What a dialect can do on its connection without waiting for Kysely's. */
export interface DirectAccess {
  /** Whether the database answers, at once even while a transaction holds the connection; throws or false when it does not. */
  ping?: () => boolean;
  /** Stops what the dialect runs beside the connection (SQLite's checkpoint thread), before the database is destroyed. */
  close?: () => Promise<void>;
}

/**
 * The storage over a database just opened, whatever its dialect: migrates it to the latest
 * schema and starts its watch (destroying both should that fail, so no connection outlives the
 * error) and gives the stores over it, with a close() that closes the watch and destroys the
 * database once. Without a watch the stores' read caches stay off.
 */
export async function migratedStorage(
  db: Kysely<Database>,
  capabilities: StorageCapabilities,
  watch?: StorageWatch,
  direct: DirectAccess = {},
): Promise<StorageHandle> {
  const closeWatch = async (): Promise<void> => {
    await watch?.close?.();
  };
  try {
    await migrateToLatest(db);
    await watch?.start?.();
  } catch (error) {
    await closeWatch();
    await direct.close?.();
    await db.destroy();
    throw error;
  }
  const changes = watch?.changes;
  let closed = false;
  return {
    db,
    capabilities,
    ...(changes === undefined ? {} : { changes }),
    simulations: new KyselySimulationStore(db, capabilities, watch?.simulations === true ? changes : undefined, direct.ping),
    experiments: createKyselyExperimentStore(db, capabilities),
    async close() {
      if (closed) return;
      closed = true;
      await closeWatch();
      await direct.close?.();
      await db.destroy();
    },
  };
}
