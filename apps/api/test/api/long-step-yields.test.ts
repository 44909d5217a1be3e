import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { heavyScenario } from '../helpers/heavy-scenario.js';

/**
 * The engine is synchronous; a long step or run must still leave the server answering other
 * requests while it computes, and come out exactly as an uninterrupted computation would.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function timed<T>(work: Promise<T>): Promise<{ value: T; at: number }> {
  const value = await work;
  return { value, at: performance.now() };
}

describe('long computations', () => {
  it('a long step leaves other requests answered while it computes, and gives the same state as short steps', async () => {
    const created = (await (await server.call('/v1/simulations', { key: 'key-a', body: { scenario: heavyScenario() } })).json()) as { id: string };
    const twin = (await (await server.call('/v1/simulations', { key: 'key-a', body: { scenario: heavyScenario() } })).json()) as { id: string };

    const step = timed(server.call(`/v1/simulations/${created.id}/step`, { key: 'key-a', body: { ticks: 1500 } }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const health = await timed(server.call('/v1/health'));
    const done = await step;
    expect(health.value.status).toBe(200);
    expect(done.value.status).toBe(200);
    // Health came back while the step was still computing, not after it.
    expect(health.at).toBeLessThan(done.at);

    for (let i = 0; i < 3; i++) expect((await server.call(`/v1/simulations/${twin.id}/step`, { key: 'key-a', body: { ticks: 500 } })).status).toBe(200);
    const [one, three] = await Promise.all(
      [created.id, twin.id].map(async (id) => ((await (await server.call(`/v1/simulations/${id}`, { key: 'key-a' })).json()) as { state: unknown }).state),
    );
    expect(one).toEqual(three);
  }, 120_000);

  it('a long run leaves other requests answered while it computes', async () => {
    // Raw fetch: the trace of this run is hundreds of MB, and only its headers matter here. JSON:
    // its headers come once every tick is computed (NDJSON answers after a first chunk: run-stream.test.ts).
    const run = timed(
      fetch(`${server.baseUrl}/v1/simulations/run`, {
        method: 'POST',
        headers: { 'X-Api-Key': 'key-a', 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ scenario: heavyScenario(), ticks: 1500 }),
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const list = await timed(server.call('/v1/simulations?limit=1', { key: 'key-a' }));
    const done = await run;
    expect(list.value.status).toBe(200);
    expect(done.value.status).toBe(201);
    await done.value.body?.cancel();
    expect(list.at).toBeLessThan(done.at);
  }, 120_000);
});
