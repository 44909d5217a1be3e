import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Database } from '../database-schema.js';
import { KyselySimulationStore } from '../kysely-simulation-store.js';
import { migrateToLatest } from '../migrate.js';
import type { StorageCapabilities } from '../storage-capabilities.js';
import type { StorageHandle } from '../storage-handle.js';

const SQLITE: StorageCapabilities = { name: 'sqlite', rowLocks: false };

/** Opens (creating if needed) a SQLite file in WAL mode and migrates it to the latest schema. */
export async function openSqlite(path: string): Promise<StorageHandle> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const connection = new BetterSqlite3(path);
  connection.pragma('journal_mode = WAL');
  // Another process (the CLI) may hold the write lock briefly; wait rather than fail.
  connection.pragma('busy_timeout = 5000');
  connection.pragma('foreign_keys = ON');
  connection.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let closed = false;
  return {
    db,
    capabilities: SQLITE,
    simulations: new KyselySimulationStore(db, SQLITE),
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}
