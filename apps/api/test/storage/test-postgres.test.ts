import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../support/test-postgres-database.js';

const SERVER_MODULE = fileURLToPath(new URL('../support/test-postgres-server.ts', import.meta.url));

const created: TestPostgresDatabase[] = [];
afterAll(async () => {
  for (const database of created) await database.drop();
});

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('the test PostgreSQL server', () => {
  it('gives each caller an empty database of its own', async () => {
    const a = await createTestPostgresDatabase();
    const b = await createTestPostgresDatabase();
    created.push(a, b);
    expect(a.url).not.toBe(b.url);
    await query(a.url, 'CREATE TABLE only_in_a (x integer)');
    const tables = async (url: string) =>
      (await query<{ table_name: string }>(url, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'")).map((r) => r.table_name);
    expect(await tables(a.url)).toEqual(['only_in_a']);
    expect(await tables(b.url)).toEqual([]);
    const [version] = await query<{ server_version_num: string }>(a.url, 'SHOW server_version_num');
    expect(Number(version!.server_version_num)).toBeGreaterThanOrEqual(180_000);
  });

  it('drops a database even while a connection is still open on it', async () => {
    const database = await createTestPostgresDatabase();
    const open = new pg.Client({ connectionString: database.url });
    await open.connect();
    open.on('error', () => undefined); // the drop ends this connection
    await database.drop();
    await expect(query(database.url, 'SELECT 1')).rejects.toThrow(/does not exist/);
    await open.end().catch(() => undefined);
  });
});

describe('the test PostgreSQL server in a process of its own', () => {
  it('leaves that process its exit code: a failed test run stays failed', () => {
    // What vitest does on failures: set process.exitCode and let the event loop drain.
    const script = `
      const { startTestPostgresServer } = await import(${JSON.stringify(SERVER_MODULE)});
      const server = await startTestPostgresServer();
      await server.stop();
      process.exitCode = 3;`;
    const result = spawnSync(process.execPath, ['--conditions=@sim/source', '--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 3, stderr: '' });
  }, 60_000);
});
