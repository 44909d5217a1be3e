import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulation } from '../helpers/create-simulation.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

// Issue 23, finding 8: engine-bound reads queued without a bound; with one worker some trace
// pages waited past 10 s and nothing told the client to come back. Here an organization may
// have 2 engine reads under way and the server 3 (docs/api.md, "Engine work", "The engine's queue").

type Json = any;

let server: TestServer;
let simA: string;
let simB: string;
beforeAll(async () => {
  server = await startTestServer({ engineQueue: { perOrganization: 2, total: 3 } });
  simA = await createSimulation(server, { key: 'key-a' });
  simB = await createSimulation(server, { key: 'key-b' });
  // Long enough that a whole trace is megabytes: its body is computed while it is read, and
  // one left unread holds its place in the queue.
  for (const [id, key] of [
    [simA, 'key-a'],
    [simB, 'key-b'],
  ] as const) {
    for (let i = 0; i < 3; i++) expect((await server.call(`/v1/simulations/${id}/step`, { key, body: { ticks: 5_000 } })).status).toBe(200);
  }
}, 120_000);
afterAll(async () => {
  await server.close();
});

/** A whole trace, fetched directly (the test server's checked fetch would read the body to validate it). */
const trace = (id: string, key: string) => fetch(`${server.baseUrl}/v1/simulations/${id}/trace`, { headers: { 'X-Api-Key': key } });

describe('the engine’s queue', () => {
  it('refuses an organization’s read past its bound at once with 429 and Retry-After, and the server’s past its own with 503', async () => {
    const held = [await trace(simA, 'key-a'), await trace(simA, 'key-a')];
    for (const res of held) expect(res.status).toBe(200);

    const started = performance.now();
    const refused = await server.call(`/v1/simulations/${simA}/states/3`, { key: 'key-a' });
    const body = (await refused.json()) as Json;
    expect(refused.status).toBe(429);
    expect(body.error).toMatchObject({ code: 'RATE_LIMITED', details: { routeClass: 'engine', limit: 2, retryAfter: 1 } });
    expect(refused.headers.get('retry-after')).toBe('1');
    // Refused, not queued: it answered without waiting for the reads ahead of it.
    expect(performance.now() - started).toBeLessThan(5_000);

    // Another organization still has room, until the server is full.
    const third = await trace(simB, 'key-b');
    expect(third.status).toBe(200);
    const busy = await server.call(`/v1/simulations/${simB}/states/3`, { key: 'key-b' });
    expect(busy.status).toBe(503);
    expect(((await busy.json()) as Json).error).toMatchObject({ code: 'ENGINE_BUSY', details: { limit: 3, retryAfter: 1 } });
    expect(busy.headers.get('retry-after')).toBe('1');

    // A reader that leaves gives its place back; one that reads to the end too.
    await held[0]?.body?.cancel();
    await third.arrayBuffer();
    let again: Response | undefined;
    for (let i = 0; i < 100; i++) {
      again = await server.call(`/v1/simulations/${simA}/states/3`, { key: 'key-a' });
      if (again.status === 200) break;
      await again.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(again?.status).toBe(200);
    expect((await server.call(`/v1/simulations/${simB}/states/3`, { key: 'key-b' })).status).toBe(200);
    await held[1]?.body?.cancel();
  }, 60_000);

  it('counts only engine reads: other reads are not refused while the queue is full', async () => {
    const held = [await trace(simA, 'key-a'), await trace(simA, 'key-a')];
    expect((await server.call(`/v1/simulations/${simA}/states/1`, { key: 'key-a' })).status).toBe(429);
    expect((await server.call(`/v1/simulations/${simA}`, { key: 'key-a' })).status).toBe(200);
    expect((await server.call('/v1/health')).status).toBe(200);
    for (const res of held) await res.body?.cancel();
  }, 60_000);
});
