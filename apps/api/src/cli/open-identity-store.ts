import { isAbsolute, resolve } from 'node:path';
import { createKyselyIdentityStore } from '../storage/identity-store-kysely.js';
import { openSqlite } from '../storage/sqlite/open-sqlite.js';
import { CliError } from './cli-error.js';
import type { OpenIdentityStore } from './cli-io.js';

/** Same default and same rule as the server: a relative SQLite path is relative to the repo root. */
export const DEFAULT_SQLITE_PATH = 'data/sim.db';

/** `file:<path>` or unset → the SQLite file; anything else is refused with a clear message. */
export function sqlitePathOf(databaseUrl: string | undefined, repoRoot: string): string {
  const url = databaseUrl?.trim() || `file:${DEFAULT_SQLITE_PATH}`;
  if (!url.startsWith('file:')) {
    throw new CliError(`DATABASE_URL must be file:<path> or postgres://…, got "${url.slice(0, 40)}"`);
  }
  const path = url.slice('file:'.length).replace(/^\/\/(?=\/)/, '');
  if (path === '') throw new CliError('DATABASE_URL file: needs a path');
  return isAbsolute(path) ? path : resolve(repoRoot, path);
}

/** Opens DATABASE_URL (migrating it, like the server) and hands out the identity store. */
export const openIdentityStore: OpenIdentityStore = async (io) => {
  const url = io.env.DATABASE_URL;
  if (url !== undefined && /^postgres(ql)?:\/\//.test(url)) {
    throw new CliError('PostgreSQL is not wired into the CLI yet');
  }
  const storage = await openSqlite(sqlitePathOf(url, io.repoRoot));
  return { store: createKyselyIdentityStore(storage.db), close: () => storage.close() };
};
