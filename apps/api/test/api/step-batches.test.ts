import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessRunner } from '../../src/engine-work/in-process-runner.js';
import { MAX_ADVANCE_PROPHECY_BYTES, maxAdvanceTicks } from '../../src/simulations/advance-output-bound.js';
import { gatedRunner } from '../helpers/gated-runner.js';
import { createSimulation } from '../helpers/create-simulation.js';
import { requestInit } from '../helpers/request-init.js';
import { startLiveServer, type LiveServer } from '../live/support/live-server.js';

/**
 * Steps of one simulation that wait for its lock together are computed and committed as one
 * (docs/api.md, "Concurrent steps"): each answers as it would alone, the history is that of the
 * same steps one after another, and nothing queued before a step is overtaken.
 */

let server: LiveServer;
let runner: ReturnType<typeof gatedRunner>;
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const step = (id: string, ticks: number): Promise<Response> => server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks } });
type StepBody = { state: { tick: number; status: string }; ticks: number };

beforeAll(async () => {
  runner = gatedRunner(createInProcessRunner());
  server = await startLiveServer({ deps: { engine: runner } });
});
afterAll(async () => {
  await server.close();
});

/** Sends `send` while the gate holds the first advance, then lets it go. */
async function whileHeld<T>(send: () => Promise<T>): Promise<T> {
  runner.hold();
  const pending = send();
  await pause(150);
  runner.release();
  return pending;
}

describe('concurrent steps of one simulation', () => {
  it('answer each with the state after its own ticks, store the history of the same steps one by one, in fewer advances', async () => {
    const batched = await createSimulation(server);
    const serial = await createSimulation(server);
    const before = runner.kinds.advance;
    const answers = await whileHeld(() => Promise.all(Array.from({ length: 10 }, (_, i) => step(batched, 1 + (i % 3)))));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as StepBody[];
    const advances = runner.kinds.advance - before;
    // The first step ran alone while the others queued behind it: they went as one.
    expect(advances).toBeLessThan(10);

    // The same steps one after another, in the order the answers' ticks say they ran.
    const order = bodies.map((body, i) => ({ body, ticks: 1 + (i % 3) })).sort((a, b) => a.body.state.tick - b.body.state.tick);
    let tick = 0;
    for (const { body, ticks } of order) {
      tick += ticks;
      expect(body.ticks).toBe(ticks);
      const alone = (await (await step(serial, ticks)).json()) as StepBody;
      expect(body).toEqual(alone);
      expect(body.state.tick).toBe(tick);
    }
    const [traceBatched, traceSerial] = await Promise.all(
      [batched, serial].map(async (id) => (await server.call(`/v1/simulations/${id}/trace`, { key: 'key-a' })).json()),
    );
    expect((traceBatched as { steps: unknown[] }).steps).toEqual((traceSerial as { steps: unknown[] }).steps);
    const [prophecies, propheciesSerial] = await Promise.all(
      [batched, serial].map(async (id) =>
        (
          (await (await server.call(`/v1/simulations/${id}/prophecies?limit=100`, { key: 'key-a' })).json()) as { data: Array<{ tick: number; data: unknown }> }
        ).data.map((p) => [p.tick, p.data]),
      ),
    );
    expect(prophecies).toEqual(propheciesSerial);
  });

  it('a change queued between two waiting steps is not overtaken: the later step waits for it', async () => {
    const id = await createSimulation(server);
    await step(id, 1);
    runner.hold();
    // One step runs (held); the next waits for the lock, then a decree, then a third step.
    const running = step(id, 1);
    await pause(50);
    const waiting = step(id, 1);
    await pause(50);
    const decree = server.call(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'remove-agent', payload: { id: 'agent-6' } } });
    await pause(50);
    const last = step(id, 1);
    await pause(50);
    runner.release();
    const [a, b, d, c] = await Promise.all([running, waiting, decree, last]);
    expect([a.status, b.status, d.status, c.status]).toEqual([200, 200, 201, 200]);
    expect(((await a.json()) as StepBody).state.tick).toBe(2);
    expect(((await b.json()) as StepBody).state.tick).toBe(3);
    // The decree was queued before the third step: it applies at the tick that step computes.
    expect(((await d.json()) as { tick: number }).tick).toBe(4);
    expect(((await c.json()) as StepBody).state.tick).toBe(4);
  });

  it('a step whose client leaves while it waits is cancelled alone; the steps batched with it go on', async () => {
    const id = await createSimulation(server);
    runner.hold();
    const running = step(id, 1);
    await pause(50);
    const leaving = new AbortController();
    const left = fetch(`${server.baseUrl}/v1/simulations/${id}/step`, {
      ...requestInit({ key: 'key-a', body: { ticks: 5 } }),
      signal: leaving.signal,
    }).catch((error: unknown) => error);
    await pause(50);
    const staying = step(id, 1);
    await pause(50);
    leaving.abort();
    await pause(50);
    runner.release();
    const [a, c] = await Promise.all([running, staying]);
    expect(await left).toBeInstanceOf(Error);
    expect(((await a.json()) as StepBody).state.tick).toBe(1);
    // The five ticks of the step that left were never computed.
    expect(((await c.json()) as StepBody).state.tick).toBe(2);
    expect(((await (await server.call(`/v1/simulations/${id}`, { key: 'key-a' })).json()) as StepBody).state.tick).toBe(2);
  });

  it('a batch is never a larger advance than one request may ask (10 000 ticks): steps past that wait in the next', async () => {
    const id = await createSimulation(server);
    const before = runner.kinds.advance;
    const answers = await whileHeld(async () => {
      const running = step(id, 1);
      await pause(50);
      return Promise.all([running, step(id, 6_000), step(id, 6_000)]);
    });
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(runner.kinds.advance - before).toBe(3);
  }, 60_000);

  it('never hand back more prophecy text than one step may carry: one step over it is refused, two beside each other take turns', async () => {
    // 64 attractors and a prophecy every tick: about 39 KB of prophecy a tick (advance-output-bound.ts).
    const attractors = Array.from({ length: 64 }, (_, i) => ({
      id: `an-attractor-with-a-long-name-${i}`,
      x: 2 + (i % 8) * 4,
      y: 2 + Math.floor(i / 8) * 4,
      depth: 5,
      radius: 2,
      capacity: 1_000,
    }));
    const scenario = {
      seed: 3,
      rules: { prophecyInterval: 1, prophecyBranches: 2, prophecyHorizon: 1, erosionRate: 0, maxTicks: 100_000 },
      initialState: { width: 34, height: 34, attractors },
      agents: [{ id: 'only', marker: { x: 17, y: 17 } }],
    };
    const created = await server.call('/v1/simulations', { key: 'key-a', body: { scenario, engineVersion: '1.1.0' } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const maxTicks = maxAdvanceTicks({ interval: 1, attractors: 64 });
    expect(maxTicks).toBeLessThan(1_000);

    const tooMany = await step(id, 10_000);
    expect(tooMany.status).toBe(422);
    expect(((await tooMany.json()) as { error: unknown }).error).toMatchObject({
      code: 'WORK_LIMIT_EXCEEDED',
      details: { unit: 'bytes', ceiling: MAX_ADVANCE_PROPHECY_BYTES, maxTicks },
    });

    const before = runner.kinds.advance;
    const ticks = maxTicks - 100;
    const answers = await whileHeld(async () => {
      const running = step(id, 1);
      await pause(50);
      return Promise.all([running, step(id, ticks), step(id, ticks)]);
    });
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as StepBody[];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(bodies.map((b) => b.ticks)).toEqual([1, ticks, ticks]);
    expect(bodies.map((b) => b.state.tick).sort((x, y) => x - y)).toEqual([1, 1 + ticks, 1 + 2 * ticks]);
    // The two waited together, but their prophecies together were over the bound: two advances.
    expect(runner.kinds.advance - before).toBe(3);
  }, 120_000);

  it('a step after the one the simulation completed in finds it completed, as it would alone', async () => {
    const id = await createSimulation(server, { scenarioId: 'short-lived' });
    const answers = await whileHeld(() => Promise.all([step(id, 3), step(id, 3), step(id, 3)]));
    const seen = await Promise.all(
      answers.map(async (r) =>
        r.status === 200
          ? { status: 200, ...((await r.json()) as StepBody) }
          : { status: r.status, code: ((await r.json()) as { error: { code: string } }).error.code },
      ),
    );
    expect(seen.sort((x, y) => (x.status === y.status ? ('state' in x && 'state' in y ? x.state.tick - y.state.tick : 0) : x.status - y.status))).toMatchObject(
      [
        { status: 200, ticks: 3, state: { tick: 3, status: 'idle' } },
        { status: 200, ticks: 2, state: { tick: 5, status: 'completed' } },
        { status: 409, code: 'SIMULATION_NOT_ACTIVE' },
      ],
    );
  });
});
