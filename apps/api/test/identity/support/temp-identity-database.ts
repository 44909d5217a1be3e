import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { up } from '../../../src/storage/migrations/0002-identity.js';
import type { IdentityTables } from '../../../src/storage/identity-tables.js';

/** A fresh SQLite file with the identity tables, removed by `destroy`. */
export async function tempIdentityDatabase(): Promise<{ db: Kysely<IdentityTables>; file: string; destroy: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'sim-identity-'));
  const file = join(dir, 'test.db');
  const db = new Kysely<IdentityTables>({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
  await up(db);
  return {
    db,
    file,
    destroy: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
