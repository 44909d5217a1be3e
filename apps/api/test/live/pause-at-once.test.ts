import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heavyScenario } from '../helpers/heavy-scenario.js';
import { startLiveServer, type LiveServer } from './support/live-server.js';

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(async () => {
  await server.close();
});

describe('pause while the engine computes a batch of playback ticks', () => {
  it('answers without waiting for the batch, stores none of it, and play goes on from the stored tick', async () => {
    // 3 000 agents at 10 000 ticks a second (1 000 at speed 10): more than the engine computes, so
    // every advance is the clock's largest batch, 1 000 ticks, a second or more of work.
    const created = await server.call('/v1/simulations', {
      key: 'key-a',
      body: { scenario: { ...heavyScenario(), rules: { prophecyInterval: 0, ticksPerSecond: 1000 } } },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const control = (action: string) =>
      server.call(`/v1/simulations/${id}/time-control`, { method: 'PUT', key: 'key-a', body: action === 'play' ? { action, speed: 10 } : { action } });
    const tick = async () => ((await (await server.call(`/v1/simulations/${id}`, { key: 'key-a' })).json()) as { state: { tick: number } }).state.tick;

    // The time one batch takes here: a step of as many ticks as the clock's largest batch.
    const stepStarted = performance.now();
    expect((await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 1000 } })).status).toBe(200);
    const batchMs = performance.now() - stepStarted;

    expect((await control('play')).status).toBe(200);
    // Long enough for the clock's first full batch to be under way.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = performance.now();
    const paused = await control('pause');
    const pauseMs = performance.now() - started;
    expect(paused.status).toBe(200);
    expect(((await (await server.call(`/v1/simulations/${id}`, { key: 'key-a' })).json()) as { state: { status: string } }).state.status).toBe('paused');
    // Far less than a batch (generous: a loaded machine); waiting for it would take longer.
    expect(pauseMs).toBeLessThan(batchMs / 2);
    // The simulation stays where its last commit left it, and plays on from there.
    const at = await tick();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await tick()).toBe(at);
    expect((await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 1 } })).status).toBe(200);
    expect(await tick()).toBe(at + 1);
  }, 120_000);
});
