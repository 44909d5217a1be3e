import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRequestThread, type RequestThread } from '../../src/routes/request-thread/request-thread.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

// The request thread starts from the TypeScript sources on its first task: seconds on a loaded machine.
vi.setConfig({ testTimeout: 60_000 });

let server: TestServer;
let thread: RequestThread;
/** Experiments whose output the server asked the thread for. */
const asked: string[] = [];

beforeAll(async () => {
  server = await startTestServer({
    experimentOutput: (experimentId, format) => {
      asked.push(experimentId);
      return thread.experimentOutput!(experimentId, format);
    },
  });
  thread = createRequestThread({ kind: 'sqlite', path: server.databasePath });
});
afterAll(async () => {
  await thread.close();
  await server.close();
});

describe('results made on the request thread', () => {
  it('answers the caller’s experiment, and refuses another organization’s before the thread reads it', async () => {
    const submitted = await server.call('/v1/experiments', {
      key: 'key-a',
      body: { base: { scenarioId: 'tiny-valley' }, replications: 2, seed: 3, ticks: 10, metrics: ['losses'] },
    });
    const { id } = (await submitted.json()) as { id: string };
    await expect
      .poll(async () => ((await (await server.call(`/v1/experiments/${id}`, { key: 'key-a' })).json()) as { status: string }).status, { timeout: 20_000 })
      .toBe('completed');
    const results = await server.call(`/v1/experiments/${id}/results`, { key: 'key-a' });
    expect(results.status).toBe(200);
    expect(results.headers.get('content-type')).toBe('application/json');
    expect(((await results.json()) as { experimentId: string; runs: unknown }).runs).toEqual({ total: 2, done: 2 });
    const csv = await server.call(`/v1/experiments/${id}/results`, { key: 'key-a', headers: { Accept: 'text/csv' } });
    expect((await csv.text()).trim().split('\n')).toHaveLength(3);
    expect(asked).toEqual([id, id]);
    expect((await server.call(`/v1/experiments/${id}/results`, { key: 'key-b' })).status).toBe(401);
    expect((await server.call('/v1/experiments/7b0c1f3e-2a4d-4c5e-9f6a-8b7c6d5e4f3a/results', { key: 'key-a' })).status).toBe(404);
    expect(asked).toEqual([id, id]);
  });
});
