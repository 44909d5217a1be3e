import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../support/test-postgres-database.js';

let database: TestPostgresDatabase;
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.kill();
  await database?.drop();
});

async function start(): Promise<ServerProcess> {
  const server = await startServerProcess({ env: { DATABASE_URL: database.url } });
  servers.push(server);
  return server;
}

// Each step starts a server process: seconds on a loaded machine, beyond vitest's default 5 s.
describe('the server on PostgreSQL (DATABASE_URL=postgres://…)', () => {
  it('migrates an empty database, serves, and finds everything again after a restart', async () => {
    database = await createTestPostgresDatabase();
    const first = await start();
    expect(first.output()).toMatch(/database: postgresql/);
    const key = first.apiKey!;
    expect(key).toMatch(/^sim_/);
    const call = async (server: ServerProcess, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    const created = await call(first, 'POST', '/v1/simulations', { scenarioId: 'calm-equilibrium' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await call(first, 'POST', `/v1/simulations/${id}/step`, { ticks: 30 })).status).toBe(200);
    await first.stop();

    // Not empty any more: no second bootstrap key, and the first one still works.
    const second = await start();
    expect(second.apiKey).toBeUndefined();
    const read = await call(second, 'GET', `/v1/simulations/${id}`);
    expect([read.status, read.body.state.tick]).toEqual([200, 30]);
    // A replay reads the input log and the checkpoints back.
    const trace = await call(second, 'GET', `/v1/simulations/${id}/trace`);
    expect([trace.status, trace.body.steps.length]).toEqual([200, 30]);
    await second.stop();
  }, 60_000);
});
