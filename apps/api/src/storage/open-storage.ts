import type { DatabaseConfig } from '../lib/database-config.js';
import type { Logger } from '../lib/logger.js';
import { openPostgres } from './postgres/open-postgres.js';
import { openSqlite } from './sqlite/open-sqlite.js';
import type { StorageHandle } from './storage-handle.js';

/**
 * Opens the database DATABASE_URL names (SQLite or PostgreSQL) and migrates it. `logger` takes
 * what the database reports in the background (a PostgreSQL connection lost while idle, a
 * failed SQLite checkpoint).
 */
export async function openStorage(config: DatabaseConfig, logger?: Logger): Promise<StorageHandle> {
  if (config.kind === 'sqlite') return openSqlite(config.path, logger === undefined ? {} : { logger });
  return openPostgres(config.url, { poolSize: config.poolSize, ...(logger === undefined ? {} : { logger }) });
}
