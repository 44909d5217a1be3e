import type { Kysely } from 'kysely';
import type { ChangeWatch } from './change-watch.js';
import type { Database } from './database-schema.js';
import { createKyselyExperimentStore } from './experiment-store-kysely.js';
import { KyselySimulationStore } from './kysely-simulation-store.js';
import { migrateToLatest } from './migrate.js';
import type { StorageCapabilities } from './storage-capabilities.js';
import type { StorageHandle } from './storage-handle.js';

/**
 * The storage over a database just opened, whatever its dialect: migrates it to the latest
 * schema (destroying it should that fail, so no connection outlives the error) and gives the
 * stores over it, with a close() that destroys it once. `changes` is the dialect's ChangeWatch
 * where it has one (SQLite's data_version); without it the stores' read caches stay off.
 */
export async function migratedStorage(db: Kysely<Database>, capabilities: StorageCapabilities, changes?: ChangeWatch): Promise<StorageHandle> {
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let closed = false;
  return {
    db,
    capabilities,
    ...(changes === undefined ? {} : { changes }),
    simulations: new KyselySimulationStore(db, capabilities, changes),
    experiments: createKyselyExperimentStore(db),
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}
