import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulation } from '../helpers/create-simulation.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { protectedAppsClosedAfterEach, type ProtectedApp } from '../idempotency/support/protected-app.js';
import { followText } from '../support/followed-text.js';

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
const open = protectedAppsClosedAfterEach();

/** A whole trace, fetched directly (the test server's checked fetch would read the body to validate it). */
const trace = (id: string, key: string) => fetch(`${server.baseUrl}/v1/simulations/${id}/trace`, { headers: { 'X-Api-Key': key } });

/** A read asked again every 20 ms (2 s at most) until it is served: its last status. */
async function statusOnceServed(path: string, key: string): Promise<number> {
  for (let i = 0; ; i++) {
    const res = await server.call(path, { key });
    await res.arrayBuffer();
    if (res.status === 200 || i === 100) return res.status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

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
    // The interface sends Retry-After on 429 only: a 503 tells the wait in its body.
    expect(busy.headers.get('retry-after')).toBeNull();

    // A reader that leaves gives its place back; one that reads to the end too.
    await held[0]?.body?.cancel();
    await third.arrayBuffer();
    expect(await statusOnceServed(`/v1/simulations/${simA}/states/3`, 'key-a')).toBe(200);
    expect((await server.call(`/v1/simulations/${simB}/states/3`, { key: 'key-b' })).status).toBe(200);
    await held[1]?.body?.cancel();
  }, 60_000);

  it('HEAD of a trace gives its place in the queue back at once: no HEAD fills the organization’s bound', async () => {
    for (let i = 0; i < 5; i++) {
      const head = await fetch(`${server.baseUrl}/v1/simulations/${simA}/trace`, { method: 'HEAD', headers: { 'X-Api-Key': 'key-a' } });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toContain('application/json');
      expect(head.headers.get('x-request-id')).not.toBeNull();
    }
    // With the bound at 2, a third HEAD that kept its place would leave this 429.
    expect(await statusOnceServed(`/v1/simulations/${simA}/states/3`, 'key-a')).toBe(200);
  }, 60_000);

  it('counts only engine reads: other reads are not refused while the queue is full', async () => {
    const held = [await trace(simA, 'key-a'), await trace(simA, 'key-a')];
    expect((await server.call(`/v1/simulations/${simA}/states/1`, { key: 'key-a' })).status).toBe(429);
    expect((await server.call(`/v1/simulations/${simA}`, { key: 'key-a' })).status).toBe(200);
    expect((await server.call('/v1/health')).status).toBe(200);
    for (const res of held) await res.body?.cancel();
  }, 60_000);
});

describe('what else computes through the engine for its caller', () => {
  /** A simulation of `key`'s organization stepped `ticks` ticks. */
  async function stepped(p: ProtectedApp, key: string, ticks: number): Promise<string> {
    const res = await p.request('/v1/simulations', { key, body: { scenarioId: 'tiny-valley' } });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as Json;
    expect((await p.request(`/v1/simulations/${id}/step`, { key, body: { ticks } })).status).toBe(200);
    return id as string;
  }

  /** A whole trace left unread: its place in the queue is held until it is read or cancelled. */
  async function held(p: ProtectedApp, id: string, key: string): Promise<Response> {
    const res = await p.request(`/v1/simulations/${id}/trace`, { key, headers: { Accept: 'application/x-ndjson' } });
    expect(res.status).toBe(200);
    return res;
  }

  async function expectQueueFull(res: Response, status: 429 | 503): Promise<void> {
    expect(res.status).toBe(status);
    expect(res.headers.get('retry-after')).toBe(status === 429 ? '1' : null);
    const { error } = (await res.json()) as Json;
    if (status === 429) expect(error).toMatchObject({ code: 'RATE_LIMITED', details: { routeClass: 'engine', limit: 1, retryAfter: 1 } });
    else expect(error).toMatchObject({ code: 'ENGINE_BUSY', details: { limit: 2, retryAfter: 1 } });
  }

  it('a fork, a stream resumed with Last-Event-ID and a long run answer regenerated for its key wait in the same queue', async () => {
    const p = await open({ engineQueue: { perOrganization: 1, total: 2 }, idempotency: { inlineMaxBytes: 1024 } });
    // Longer than 1 KiB: stored as a reference, and regenerated on the engine when replayed.
    const run = { key: 'key-a', body: { scenarioId: 'tiny-valley', ticks: 30 }, headers: { 'Idempotency-Key': 'long-run', Accept: 'application/x-ndjson' } };
    const ran = await p.request('/v1/simulations/run', run);
    expect(ran.status).toBe(201);
    const original = await ran.text();
    const mine = await stepped(p, 'key-a', 40);
    const theirs = await stepped(p, 'key-b', 40);
    const fork = (id: string, key: string, idempotencyKey: string) =>
      p.request(`/v1/simulations/${id}/forks`, { key, body: { atTick: 10 }, headers: { 'Idempotency-Key': idempotencyKey } });

    // Organization A has its one engine request under way: each of these is refused at once.
    const mineHeld = await held(p, mine, 'key-a');
    await expectQueueFull(await fork(mine, 'key-a', 'fork-a'), 429);
    await expectQueueFull(await p.request(`/v1/simulations/${mine}/events`, { key: 'key-a', headers: { 'Last-Event-ID': '0' } }), 429);
    await expectQueueFull(await p.request('/v1/simulations/run', run), 429);
    // A stream that starts at the present replays nothing on the engine: not counted.
    const live = await p.request(`/v1/simulations/${mine}/events`, { key: 'key-a' });
    expect(live.status).toBe(200);
    await live.body?.cancel();

    // With organization B's read under way too, the process is full: 503 for anyone.
    const theirsHeld = await held(p, theirs, 'key-b');
    await expectQueueFull(await fork(theirs, 'key-b', 'fork-b'), 503);
    await mineHeld.body?.cancel();
    await theirsHeld.body?.cancel();

    // The refusals kept nothing under their keys: the forks now fork, the run's key replays its bytes.
    for (const [id, key, idempotencyKey] of [
      [mine, 'key-a', 'fork-a'],
      [theirs, 'key-b', 'fork-b'],
    ] as const) {
      const forked = await fork(id, key, idempotencyKey);
      expect(forked.status).toBe(201);
      expect(forked.headers.get('idempotency-replayed')).toBeNull();
      await forked.arrayBuffer();
    }
    const replayed = await p.request('/v1/simulations/run', run);
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotency-replayed')).toBe('true');
    expect(await replayed.text()).toBe(original);

    // A resumed stream holds its place while it replays, not for its life: read until it has
    // caught up, it stays open, and the organization's next engine read is admitted.
    const resumed = await p.request(`/v1/simulations/${mine}/events`, { key: 'key-a', headers: { 'Last-Event-ID': '0' } });
    expect(resumed.status).toBe(200);
    const followed = followText(resumed.body as ReadableStream<Uint8Array>);
    let state: Response | undefined;
    for (let i = 0; i < 250; i++) {
      state = await p.request(`/v1/simulations/${mine}/states/1`, { key: 'key-a' });
      if (state.status === 200) break;
      await state.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(state?.status).toBe(200);
    expect(followed.text()).toContain('event: tick');
    await followed.cancel();
  }, 60_000);
});
