import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsUrl, startLiveServer, Subscriber, type LiveServer, type ReceivedEvent } from './support/live-server.js';
import { createSimulation } from '../helpers/create-simulation.js';

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(async () => {
  await server.close();
});

const create = (scenarioId?: string): Promise<string> => createSimulation(server, { scenarioId });
const control = (id: string, body: { action: string; speed?: number }) =>
  server.call(`/v1/simulations/${id}/time-control`, { method: 'PUT', key: 'key-a', body });
const data = (m: ReceivedEvent): any => JSON.parse(m.data);
const statuses = (sub: Subscriber) =>
  sub
    .history()
    .filter((m) => m.event === 'simulation:status')
    .map((m) => data(m).status);

describe('time-control and the playback clock', () => {
  it('play advances on the server at ticksPerSecond × speed until pause; every status change is an event', async () => {
    const id = await create();
    const sub = new Subscriber(eventsUrl(server, id), 'key-a');
    await sub.opened();
    const started = Date.now();
    expect((await control(id, { action: 'play', speed: 10 })).status).toBe(200); // 10 × 10 = 100 ticks/s
    await sub.until(() => sub.ticks().length >= 20);
    const elapsed = Date.now() - started;
    // 20 ticks at 100/s take 200 ms; allow for timers and a loaded machine.
    expect(elapsed).toBeGreaterThanOrEqual(150);
    expect((await control(id, { action: 'pause' })).status).toBe(200);
    await sub.until(() => statuses(sub).includes('paused'));
    const pausedAt = sub.ticks().at(-1) as number;
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Nothing after the paused event; the stored simulation agrees with the stream.
    expect(sub.ticks().at(-1)).toBe(pausedAt);
    const paused = (await (await server.call(`/v1/simulations/${id}`, { key: 'key-a' })).json()) as any;
    expect(paused.state).toMatchObject({ tick: pausedAt, status: 'paused' });
    expect(sub.ticks()).toEqual(Array.from({ length: pausedAt }, (_, i) => i + 1));
    const pausedEvent = data(sub.history().find((m) => m.event === 'simulation:status' && data(m).status === 'paused') as ReceivedEvent);
    expect(pausedEvent).toEqual({ status: 'paused', previous: 'playing', tick: pausedAt });

    // Resume: the clock continues from there; a step request in between is serialized with it.
    await control(id, { action: 'play', speed: 10 });
    await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 3 } });
    await sub.until(() => (sub.ticks().at(-1) as number) >= pausedAt + 15);
    await control(id, { action: 'pause' });
    await sub.until(() => statuses(sub).filter((s) => s === 'paused').length === 2);
    sub.close();
    const ticks = sub.ticks();
    expect(ticks).toEqual(Array.from({ length: ticks.length }, (_, i) => i + 1));
    expect(statuses(sub)).toEqual(['playing', 'paused', 'playing', 'paused']);
    // Tick events carry the lifecycle status they were computed in.
    expect(data(sub.history().find((m) => m.event === 'tick') as ReceivedEvent).state.status).toBe('playing');
  });

  it('a speed change takes effect at once', async () => {
    const id = await create();
    const sub = new Subscriber(eventsUrl(server, id), 'key-a');
    await sub.opened();
    await control(id, { action: 'play', speed: 0.5 }); // 5 ticks/s
    await new Promise((resolve) => setTimeout(resolve, 450));
    const slow = sub.ticks().length;
    expect(slow).toBeLessThanOrEqual(3);
    await control(id, { action: 'play', speed: 10 }); // 100 ticks/s
    await new Promise((resolve) => setTimeout(resolve, 450));
    await control(id, { action: 'pause' });
    await sub.until(() => statuses(sub).includes('paused'));
    sub.close();
    expect(sub.ticks().length - slow).toBeGreaterThanOrEqual(25);
    // Changing speed while playing is not a status change.
    expect(statuses(sub)).toEqual(['playing', 'paused']);
  });

  it('step while playing pauses first, then advances one tick, computed paused', async () => {
    const id = await create();
    const sub = new Subscriber(eventsUrl(server, id), 'key-a');
    await sub.opened();
    await control(id, { action: 'play', speed: 10 });
    await sub.until(() => sub.ticks().length >= 3);
    expect((await control(id, { action: 'step' })).status).toBe(200);
    await sub.until(() => statuses(sub).includes('paused'));
    const paused = sub.history().find((m) => m.event === 'simulation:status' && data(m).status === 'paused') as ReceivedEvent;
    const pausedAt = data(paused).tick as number;
    expect(data(paused)).toEqual({ status: 'paused', previous: 'playing', tick: pausedAt });
    await sub.until(() => sub.ticks().includes(pausedAt + 1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    sub.close();
    // The tick it paused at, its status, then the step's tick, as paused: the last of them (a
    // prophecy or another event of the step's tick may come before that tick, as events do).
    const tail = sub
      .history()
      .filter((m) => m.event === 'tick' || m.event === 'simulation:status')
      .slice(-3);
    expect(tail.map((m) => m.event)).toEqual(['tick', 'simulation:status', 'tick']);
    expect(data(tail[0] as ReceivedEvent)).toMatchObject({ t: pausedAt, state: { status: 'playing' } });
    expect(data(tail[2] as ReceivedEvent)).toMatchObject({ t: pausedAt + 1, state: { status: 'paused' } });
    const state = (await (await server.call(`/v1/simulations/${id}`, { key: 'key-a' })).json()) as any;
    expect(state.state).toMatchObject({ tick: pausedAt + 1, status: 'paused' });
  });

  it('stops cleanly at completion: status completed, then the stream ends and the client stops (204)', async () => {
    const id = await create('short-lived');
    const sub = new Subscriber(eventsUrl(server, id), 'key-a');
    await sub.opened();
    await control(id, { action: 'play', speed: 10 });
    await sub.until(() => sub.source.readyState === 2);
    expect(sub.ticks()).toEqual([1, 2, 3, 4, 5]);
    expect(statuses(sub)).toEqual(['playing', 'completed']);
    // The client saw the stream end, reconnected once, and stopped at the 204.
    expect(sub.connectionErrors.at(-1)?.code).toBe(204);
    expect(sub.opens).toBe(1);
    const res = await control(id, { action: 'play' });
    expect(res.status).toBe(409);
  });
});
