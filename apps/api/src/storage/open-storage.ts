import type { DatabaseConfig } from '../config.js';
import { openSqlite } from './sqlite/open-sqlite.js';
import type { StorageHandle } from './storage-handle.js';

/** Opens the database DATABASE_URL names and migrates it. PostgreSQL arrives in its own issue. */
export async function openStorage(config: DatabaseConfig): Promise<StorageHandle> {
  if (config.kind === 'sqlite') return openSqlite(config.path);
  throw new Error('PostgreSQL storage is not available in this build yet; use DATABASE_URL=file:<path> or leave it unset');
}
