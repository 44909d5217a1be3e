import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsUrl, startLiveServer, Subscriber, type LiveServer, type ReceivedEvent } from './support/live-server.js';
import { createSimulation } from '../helpers/create-simulation.js';

let server: LiveServer;
beforeAll(async () => {
  // A tiny backlog bound, so a burst of ticks drops the subscriber (SLOW_CONSUMER).
  server = await startLiveServer({ live: { subscriberLimits: { maxQueuedFrames: 8, maxQueuedBytes: 1024 * 1024 } } });
});
afterAll(async () => {
  await server.close();
});

const create = (): Promise<string> => createSimulation(server);
const step = (id: string, ticks: number) => server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks } });
const decree = (id: string) =>
  server.call(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'shock', payload: { x: 4, y: 4, radius: 3, magnitude: 0.4 } } });
const strip = (events: ReceivedEvent[]) => events.map((m) => ({ event: m.event, id: m.id, data: m.data }));

describe('Last-Event-ID', () => {
  it('a reconnect misses nothing and repeats nothing, stored events and recomputed ticks alike', async () => {
    const id = await create();
    // The reference: one subscriber that stays connected throughout (in steps of 5, below the bound).
    const reference = new Subscriber(eventsUrl(server, id), 'key-a');
    const first = new Subscriber(eventsUrl(server, id), 'key-a');
    await Promise.all([reference.opened(), first.opened()]);
    for (let i = 0; i < 2; i++) await step(id, 4);
    await decree(id);
    await step(id, 3);
    await first.until(() => first.ticks().at(-1) === 11);
    first.close();
    const lastId = (first.history().at(-1) as ReceivedEvent).id;

    // Missed while away: ticks, a decree, prophecies, a status change.
    await decree(id);
    for (let i = 0; i < 3; i++) await step(id, 4);
    await server.call(`/v1/simulations/${id}/time-control`, { method: 'PUT', key: 'key-a', body: { action: 'pause' } });
    const second = new Subscriber(eventsUrl(server, id), 'key-a', { lastEventId: lastId });
    await second.opened();
    await step(id, 2);
    await reference.until(() => reference.ticks().at(-1) === 25);
    await second.until(() => second.ticks().at(-1) === 25);
    reference.close();
    second.close();

    const joined = strip([...first.history(), ...second.history()]);
    expect(joined).toEqual(strip(reference.history()));
    expect(second.history().some((m) => m.event === 'decree')).toBe(true);
    expect(second.history().some((m) => m.event === 'simulation:status')).toBe(true);
    expect(second.history().some((m) => m.event === 'prophecy')).toBe(true);
  });

  it('lastEventId=0 replays the whole life byte for byte', async () => {
    const id = await create();
    const live = new Subscriber(eventsUrl(server, id), 'key-a');
    await live.opened();
    await step(id, 5);
    await decree(id);
    await step(id, 5);
    await live.until(() => live.ticks().at(-1) === 10);
    live.close();
    const replay = new Subscriber(eventsUrl(server, id, '?lastEventId=0'), 'key-a');
    await replay.until(() => replay.ticks().at(-1) === 10);
    replay.close();
    expect(strip(replay.history())).toEqual(strip(live.history()));
  });

  it('ignores an id above the newest, however long, and starts at the present; a malformed one is 400', async () => {
    const id = await create();
    await step(id, 3);
    for (const far of ['1000000000000000', '9007199254740993', '9'.repeat(40)]) {
      const controller = new AbortController();
      const res = await fetch(eventsUrl(server, id, `?lastEventId=${far}`), { headers: { 'X-Api-Key': 'key-a' }, signal: controller.signal });
      expect(res.status, far).toBe(200);
      controller.abort();
    }
    for (const bad of ['-1', '1.5', 'x'])
      expect((await server.call(`/v1/simulations/${id}/events?lastEventId=${bad}`, { key: 'key-a' })).status, bad).toBe(400);
    // An empty Last-Event-ID header is as if absent: the query's id counts, else the present.
    for (const query of ['', '?lastEventId=0']) {
      const controller = new AbortController();
      const res = await fetch(eventsUrl(server, id, query), { headers: { 'X-Api-Key': 'key-a', 'Last-Event-ID': '' }, signal: controller.signal });
      expect(res.status, query).toBe(200);
      if (query !== '') {
        // Resumed from 0: the first ticks' messages come, which the present has no more of.
        const reader = (res.body as ReadableStream<Uint8Array>).getReader();
        let text = '';
        while (!text.includes('event: tick')) text += new TextDecoder().decode((await reader.read()).value);
        expect(text).toContain('event: tick');
      }
      controller.abort();
    }
  });

  it('drops a subscriber that falls behind with an error event, and its automatic reconnect catches up exactly', async () => {
    const id = await create();
    const reference = new Subscriber(eventsUrl(server, id), 'key-a');
    const slow = new Subscriber(eventsUrl(server, id, '?lag=drop'), 'key-a');
    await Promise.all([reference.opened(), slow.opened()]);
    await step(id, 5);
    await reference.until(() => reference.ticks().at(-1) === 5);
    await slow.until(() => slow.ticks().at(-1) === 5);
    reference.close();
    // 40 ticks are published in one burst: more than the 8 frames a subscriber may hold.
    await step(id, 40);
    await slow.until(() => slow.ticks().at(-1) === 45, 4000);
    slow.close();
    const dropped = slow.received.filter((m) => m.event === 'error').map((m) => JSON.parse(m.data));
    expect(dropped.length).toBeGreaterThanOrEqual(1);
    expect(dropped[0]).toMatchObject({ code: 'SLOW_CONSUMER' });
    expect(slow.opens).toBeGreaterThanOrEqual(2);
    // Dropped and resumed, it still got every tick once.
    expect(slow.ticks()).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    const ids = slow.history().map((m) => Number(m.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuses a malformed Last-Event-ID with 400', async () => {
    const id = await create();
    const res = await server.call(`/v1/simulations/${id}/events`, { key: 'key-a', headers: { 'Last-Event-ID': 'abc' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.code).toBe('VALIDATION_ERROR');
  });
});
