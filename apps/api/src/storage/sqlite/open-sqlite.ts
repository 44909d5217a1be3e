import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { BoundedMap } from '../../lib/bounded-map.js';
import type { Database } from '../database-schema.js';
import { migratedStorage } from '../migrated-storage.js';
import type { StorageCapabilities } from '../storage-capabilities.js';
import type { StorageHandle } from '../storage-handle.js';
import { SqliteChangeWatch } from './sqlite-change-watch.js';
import { WalCheckpoints } from './wal-checkpoints.js';
import type { Logger } from '../../lib/logger.js';

const SQLITE: StorageCapabilities = { name: 'sqlite', rowLocks: false, ownedByOneProcess: true, statementsHoldTheLoop: true };

/** Distinct SQL texts kept prepared; the app issues a few dozen, `IN (…)` lists add variants. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely's SQLite driver calls `prepare(sql)` for every query, and preparing costs about as much
 * as running a small query (a tenth of a GET in api.bench.ts). The same SQL text gets the same
 * prepared statement back. Safe because Kysely runs one query at a time on this connection
 * (a streamed query holds the connection until it is done), so no statement is in use twice.
 */
function withStatementCache(connection: BetterSqlite3.Database): SqliteDatabase {
  const statements = new BoundedMap<string, BetterSqlite3.Statement>(STATEMENT_CACHE_SIZE);
  return {
    close: () => {
      statements.clear();
      connection.close();
    },
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = connection.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** The write-ahead log is cut back to this after it is checkpointed whole (a long step may have grown it to tens of MB). */
const WAL_SIZE_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Opens (creating if needed) a SQLite file in WAL mode and migrates it to the latest schema.
 * `logger` takes what the checkpoint thread reports (WalCheckpoints).
 */
export async function openSqlite(path: string, options: { logger?: Logger } = {}): Promise<StorageHandle> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const connection = new BetterSqlite3(path);
  connection.pragma('journal_mode = WAL');
  // Another process (the CLI) may hold the write lock briefly; wait rather than fail.
  connection.pragma('busy_timeout = 5000');
  connection.pragma('foreign_keys = ON');
  connection.pragma('synchronous = NORMAL');
  connection.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  const checkpoints = path === ':memory:' ? undefined : new WalCheckpoints(path, (pages) => connection.pragma(`wal_autocheckpoint = ${pages}`), options.logger);
  const dataVersion = connection.prepare('PRAGMA data_version').pluck();
  const changes = new SqliteChangeWatch(() => dataVersion.get() as number);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(connection) }), plugins: [changes] });
  // Health's probe asks the connection itself, not through Kysely: a write transaction holds
  // Kysely's one connection until it commits (seconds for a long step), and `select 1` is as
  // true of the database inside that transaction as outside it.
  const probe = connection.prepare('select 1').pluck();
  const ping = (): boolean => probe.get() === 1;
  return migratedStorage(db, SQLITE, { changes, simulations: true }, { ping, close: async () => checkpoints?.close() });
}
