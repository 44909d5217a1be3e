import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../../../src/storage/migrations/index.js';
import { openStorage } from '../../../src/storage/open-storage.js';
import type { StorageHandle } from '../../../src/storage/storage-handle.js';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../support/test-postgres-database.js';
import { DATABASES } from './databases.js';

/** The primary key's columns, in order: the one question each dialect answers its own way. */
async function primaryKey(storage: StorageHandle, table: string): Promise<string[]> {
  if (storage.capabilities.name === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table}) where pk > 0 order by pk`.execute(storage.db);
    return rows.map((row) => row.name);
  }
  const { rows } = await sql<{ name: string }>`
    select a.attname as name from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${table}::regclass and i.indisprimary
    order by array_position(i.indkey, a.attnum)`.execute(storage.db);
  return rows.map((row) => row.name);
}

/**
 * Tables, columns and primary keys as the database reports them: what must agree across
 * dialects. A primary-key column counts as not null: SQLite lets one hold NULL (a historical
 * quirk the app never relies on), PostgreSQL does not.
 */
async function schemaOf(storage: StorageHandle): Promise<Record<string, { primaryKey: string[]; columns: string[] }>> {
  const tables = await storage.db.introspection.getTables();
  const entries = await Promise.all(
    tables.map(async (table) => {
      const key = await primaryKey(storage, table.name);
      const columns = table.columns.map((c) => `${c.name}${c.isNullable && !key.includes(c.name) ? ' null' : ''}${c.hasDefaultValue ? ' default' : ''}`).sort();
      return [table.name, { primaryKey: key, columns }] as const;
    }),
  );
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}

async function appliedMigrations(storage: StorageHandle): Promise<string[]> {
  const rows = await storage.db
    .selectFrom('kysely_migration' as never)
    .select('name' as never)
    .execute();
  return (rows as Array<{ name: string }>).map((row) => row.name).sort();
}

describe('migrations', () => {
  it('give SQLite and PostgreSQL the same tables, columns, nullability and defaults', async () => {
    const [sqlite, postgresql] = await Promise.all(DATABASES.map(async (database) => schemaOf((await database.open()).storage)));
    expect(Object.keys(sqlite!)).toContain('simulations');
    expect(postgresql).toEqual(sqlite);
  });

  describe('on PostgreSQL', () => {
    const databases: TestPostgresDatabase[] = [];
    const handles: StorageHandle[] = [];
    afterAll(async () => {
      for (const handle of handles) await handle.close();
      for (const database of databases) await database.drop();
    });

    it('migrate an empty database once when several instances start at the same moment', async () => {
      const database = await createTestPostgresDatabase();
      databases.push(database);
      const started = await Promise.all(Array.from({ length: 3 }, () => openStorage({ kind: 'postgres', url: database.url, poolSize: 2 })));
      handles.push(...started);
      expect(await appliedMigrations(started[0]!)).toEqual(Object.keys(migrations).sort());
      for (const storage of started) expect(await storage.simulations.ping()).toBe(true);
      // A later start finds nothing to do.
      const later = await openStorage({ kind: 'postgres', url: database.url, poolSize: 1 });
      handles.push(later);
      expect(await appliedMigrations(later)).toEqual(Object.keys(migrations).sort());
    });

    it('refuses to start on a server it cannot reach, saying so', async () => {
      const database = await createTestPostgresDatabase();
      databases.push(database);
      const url = new URL(database.url);
      url.pathname = '/sim_test_does_not_exist';
      await expect(openStorage({ kind: 'postgres', url: url.toString(), poolSize: 1 })).rejects.toThrow(/does not exist/);
    });
  });
});
