import { Simulation, type TraceStep } from '@sim/engine';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeCheckpoint } from '../../src/engine-work/checkpoint-codec.js';
import { checkpointInterval } from '../../src/engine-work/checkpoint-interval.js';
import { createSimulation } from '../helpers/create-simulation.js';
import { startLiveServer, type LiveServer } from '../live/support/live-server.js';
import { recordingBudget, recordingRunner, startTick } from './support.js';

const engine = recordingRunner();
const work = recordingBudget();
let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer({ deps: { engine, work, checkpointInterval: 10 } });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  engine.replays.length = 0;
  work.admitted.length = 0;
});

const step = (id: string, ticks: number) => server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks } });
const shock = (id: string) =>
  server.call(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'shock', payload: { x: 4, y: 4, radius: 3, magnitude: 0.4 } } });
const trace = async (id: string, query = ''): Promise<{ steps: TraceStep[] }> =>
  (await (await server.call(`/v1/simulations/${id}/trace${query}`, { key: 'key-a' })).json()) as { steps: TraceStep[] };

/** A simulation stepped to tick 35 in uneven steps, with decrees applied on the way. */
async function steppedTo35(): Promise<string> {
  const id = await createSimulation(server);
  await step(id, 7);
  await shock(id);
  await step(id, 20);
  await shock(id);
  await step(id, 8);
  return id;
}

describe('checkpoints', () => {
  it('are stored at every multiple of the interval that a step computed, each the state of its tick', async () => {
    const id = await steppedTo35();
    const store = server.storage.simulations;
    expect((await store.nearestCheckpoint(id, 35))?.tick).toBe(30);
    expect((await store.nearestCheckpoint(id, 29))?.tick).toBe(20);
    expect((await store.nearestCheckpoint(id, 10))?.tick).toBe(10);
    expect(await store.nearestCheckpoint(id, 9)).toBeUndefined();
    const { steps } = await trace(id);
    for (const tick of [10, 20, 30]) {
      const checkpoint = await store.nearestCheckpoint(id, tick);
      const resumed = Simulation.restore(decodeCheckpoint((checkpoint as { bytes: Uint8Array }).bytes));
      expect(resumed.tick).toBe(tick);
      expect(resumed.state()).toEqual(steps[tick - 1]?.state);
      // Between two ticks: nothing queued (the inputs of the next tick come from the log).
      expect(resumed.pendingInputs()).toEqual([]);
    }
  });

  it('are stored by run with the simulation it creates', async () => {
    const res = await server.call('/v1/simulations/run', { key: 'key-a', body: { scenarioId: 'tiny-valley', ticks: 25 } });
    const { simulationId } = (await res.json()) as { simulationId: string };
    expect((await server.storage.simulations.nearestCheckpoint(simulationId, 25))?.tick).toBe(20);
    expect((await server.storage.simulations.nearestCheckpoint(simulationId, 19))?.tick).toBe(10);
  });

  it('start every trace replay at the nearest one before the first tick read, and the steps are the same', async () => {
    const id = await steppedTo35();
    const whole = await trace(id);
    expect(startTick(engine.replays[0])).toBe(0);
    engine.replays.length = 0;
    const page = await trace(id, '?fromTick=25&limit=5');
    expect(startTick(engine.replays[0])).toBe(20);
    expect(page.steps).toEqual(whole.steps.slice(24, 29));
    engine.replays.length = 0;
    const atCheckpoint = await trace(id, '?fromTick=31');
    expect(startTick(engine.replays[0])).toBe(30);
    expect(atCheckpoint.steps).toEqual(whole.steps.slice(30));
  });

  it('are inherited by a fork up to the tick it forks at, so its own replays start from them too', async () => {
    const parent = await steppedTo35();
    const whole = await trace(parent);
    const forked = await server.call(`/v1/simulations/${parent}/forks`, { key: 'key-a', body: { atTick: 25 } });
    expect(forked.status).toBe(201);
    const fork = ((await forked.json()) as { id: string }).id;
    engine.replays.length = 0;
    // Ticks 22 to 24 of the fork's inherited history: from the parent's checkpoint at 20.
    const page = await trace(fork, '?fromTick=22&limit=3');
    expect(startTick(engine.replays[0])).toBe(20);
    expect(page.steps).toEqual(whole.steps.slice(21, 24));
  });

  it('start a fork: only the ticks after the parent’s nearest checkpoint are replayed, the events before it are the stored ones', async () => {
    const parent = await steppedTo35();
    engine.replays.length = 0;
    work.admitted.length = 0;
    const forked = await server.call(`/v1/simulations/${parent}/forks`, { key: 'key-a', body: { atTick: 25 } });
    expect(forked.status).toBe(201);
    const fork = ((await forked.json()) as { id: string; state: { tick: number } }).id;
    expect(engine.replays.map(startTick)).toEqual([20]);
    expect(work.admitted.map(({ estimate }) => estimate.ticks)).toEqual([5]);
    // Its events: the parent's engine events up to tick 25 (stored up to 20, replayed after), numbered from 1.
    const events = await server.storage.simulations.listEvents(fork, 0, 1_000);
    const parentEvents = (await server.storage.simulations.listEvents(parent, 0, 1_000)).filter((e) => e.tick <= 25 && e.type !== 'simulation:status');
    expect(parentEvents.some((e) => e.tick > 20)).toBe(true);
    expect(events.map((e) => e.seq)).toEqual(parentEvents.map((_, i) => i + 1));
    expect(events.map(({ type, tick, data }) => ({ type, tick, data }))).toEqual(parentEvents.map(({ type, tick, data }) => ({ type, tick, data })));
    // And its future is the parent's until the parent's shock at tick 28, which the fork lacks.
    const parentTrace = await trace(parent);
    await step(fork, 10);
    const future = (await trace(fork, '?fromTick=26&toTick=35')).steps;
    expect(future.slice(0, 2)).toEqual(parentTrace.steps.slice(25, 27));
    expect(future[2]).not.toEqual(parentTrace.steps[27]);
  });

  it('charge a trace read only the ticks replayed from its checkpoint', async () => {
    const id = await steppedTo35();
    const replays = () => work.admitted.filter((a) => a.history).map((a) => a.estimate.ticks);
    work.admitted.length = 0;
    await trace(id, '?fromTick=25&limit=5');
    // Ticks 21 to 29: from the checkpoint at 20 to the end of the page.
    expect(replays()).toEqual([9]);
    work.admitted.length = 0;
    await trace(id);
    expect(replays()).toEqual([35]);
  });

  it('are as frequent as the world is small: 1 000 ticks for a small world, 100 for crowded-large', () => {
    expect(checkpointInterval(6)).toBe(1000);
    expect(checkpointInterval(340)).toBe(700);
    expect(checkpointInterval(2400)).toBe(100);
    expect(checkpointInterval(10_000)).toBe(100);
    expect(checkpointInterval(2400, 37)).toBe(37);
  });
});
