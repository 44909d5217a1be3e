import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsUrl, startLiveServer, Subscriber, waitFor, type LiveServer } from './support/live-server.js';
import { createSimulation } from '../helpers/create-simulation.js';

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer({ live: { heartbeatMs: 40 } });
});
afterAll(async () => {
  await server.close();
});

const create = (key: string): Promise<string> => createSimulation(server, { key });

describe('stream access', () => {
  it('401 for another organization’s simulation, 403 without simulation:read, 401 without credentials, 404 unknown, 400 non-UUID', async () => {
    const id = await create('key-a');
    const other = await server.call(`/v1/simulations/${id}/events`, { key: 'key-b' });
    expect(other.status).toBe(401);
    expect(((await other.json()) as any).error.code).toBe('UNAUTHORIZED');
    const noScope = await server.call(`/v1/simulations/${id}/events`, { key: 'key-a-write' });
    expect(noScope.status).toBe(403);
    expect(((await noScope.json()) as any).error).toMatchObject({ code: 'FORBIDDEN', details: { required: 'simulation:read' } });
    expect((await server.call(`/v1/simulations/${id}/events`)).status).toBe(401);
    expect((await server.call('/v1/simulations/00000000-0000-4000-8000-000000000000/events', { key: 'key-a' })).status).toBe(404);
    expect((await server.call('/v1/simulations/nope/events', { key: 'key-a' })).status).toBe(400);
    // The EventSource of another organization fails for good (no retry on 401).
    const intruder = new Subscriber(eventsUrl(server, id), 'key-b');
    await waitFor(() => intruder.source.readyState === 2, 2000, 'intruder not refused');
    expect(intruder.connectionErrors.at(-1)?.code).toBe(401);
    expect(intruder.received).toEqual([]);
  });

  it('sends heartbeats with an empty data line and no id, and retry once', async () => {
    const id = await create('key-a');
    const sub = new Subscriber(eventsUrl(server, id), 'key-a');
    await sub.until(() => sub.received.filter((m) => m.event === 'heartbeat').length >= 2);
    sub.close();
    for (const beat of sub.received) expect(beat).toEqual({ event: 'heartbeat', id: '', data: '' });

    // The wire format, read raw.
    const controller = new AbortController();
    const res = await fetch(eventsUrl(server, id), { headers: { 'X-Api-Key': 'key-a' }, signal: controller.signal });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    while ((text.match(/event: heartbeat/g) ?? []).length < 2) text += new TextDecoder().decode((await reader.read()).value);
    controller.abort();
    expect(text.startsWith('retry: 20\n\n')).toBe(true);
    expect(text.match(/retry:/g)).toHaveLength(1);
    expect(text).toContain('event: heartbeat\ndata:\n\n');
    expect(text).not.toContain('id:');
  });

  it('limits open streams per organization by tier: 429 RATE_LIMITED with Retry-After: 5; a closed stream frees its slot at once', async () => {
    const id = await create('key-b'); // org B is on the free tier: 2 streams
    const first = new Subscriber(eventsUrl(server, id), 'key-b');
    const second = new Subscriber(eventsUrl(server, id), 'key-b');
    await Promise.all([first.opened(), second.opened()]);
    const refused = await server.call(`/v1/simulations/${id}/events`, { key: 'key-b' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(((await refused.json()) as any).error).toMatchObject({
      code: 'RATE_LIMITED',
      details: { routeClass: 'stream', limit: 2, tier: 'free', retryAfter: 5 },
    });
    // Another organization is not affected.
    const otherOrg = new Subscriber(eventsUrl(server, await create('key-a')), 'key-a');
    await otherOrg.opened();
    otherOrg.close();

    first.close();
    // The slot is free as soon as the server sees the connection close (no timer involved).
    const closedAt = Date.now();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      const controller = new AbortController();
      const res = await fetch(eventsUrl(server, id), { headers: { 'X-Api-Key': 'key-b' }, signal: controller.signal });
      status = res.status;
      controller.abort();
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(status).toBe(200);
    expect(Date.now() - closedAt).toBeLessThan(500);
    second.close();
  });

  it('HEAD of the events holds no stream: the organization still opens its 2 afterwards', async () => {
    const id = await create('key-b'); // free tier: 2 streams
    for (let i = 0; i < 3; i++) {
      const head = await fetch(eventsUrl(server, id), { method: 'HEAD', headers: { 'X-Api-Key': 'key-b' } });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    }
    const first = new Subscriber(eventsUrl(server, id), 'key-b');
    const second = new Subscriber(eventsUrl(server, id), 'key-b');
    await Promise.all([first.opened(), second.opened()]);
    expect((await server.call(`/v1/simulations/${id}/events`, { key: 'key-b' })).status).toBe(429);
    first.close();
    second.close();
  });
});
