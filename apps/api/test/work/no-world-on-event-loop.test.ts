import { getAdapter } from '@sim/domain-adapters';
import { Simulation } from '@sim/engine';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWorkerPoolRunner } from '../../src/engine-work/worker-pool-runner.js';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../../src/identity/tier-limits.js';
import { countingRunner, type TaskCounts } from '../helpers/counting-runner.js';
import { branchForkCost, RUN_WORLD_SETUPS, WORLD_SETUP_TICKS } from '../../src/engine-data/work-cost.js';
import { ManualClock, protectedAppsClosedAfterEach } from '../idempotency/support/protected-app.js';

/**
 * Building, restoring and snapshotting a world is O(agents) and O(grid): tens of milliseconds
 * for a large one. None of it may happen on the event loop (docs/api.md, "Where it runs"). The
 * engine computes on a real worker thread here, so any call of the engine's Simulation seen in
 * this thread was made by the main thread itself; each route must make none, and hand its work
 * to the pool as the task kind it names.
 */

type Json = any;
const open = protectedAppsClosedAfterEach();
// Free's ceiling is low enough to refuse a 100-tick run of tiny-valley: its ticks twice,
// 6 × (100 + 20 × 10) × 2, and three worlds of 6 agents (docs/api.md, "Engine work", "Cost model: agent-ticks").
const TIERS: TierLimitsTable = { ...DEFAULT_TIER_LIMITS, free: { ...DEFAULT_TIER_LIMITS.free, work: { ceiling: 1_000, perWindow: 100_000 } } };

let engine: ReturnType<typeof countingRunner>;
beforeAll(() => {
  engine = countingRunner(createWorkerPoolRunner({ threads: 1 }));
});
afterAll(async () => {
  await engine?.close();
}, 30_000);

/** Every way the main thread could build, resume or serialize a world, counted. */
function engineCallsHere(): () => number {
  const spies = [
    vi.spyOn(Simulation, 'create'),
    vi.spyOn(Simulation, 'restore'),
    vi.spyOn(Simulation.prototype, 'snapshot'),
    vi.spyOn(Simulation.prototype, 'state'),
  ];
  return () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
}
afterEach(() => {
  vi.restoreAllMocks();
});

/** The engine tasks `action` caused, by kind (only the kinds it used). */
async function tasksOf(action: () => Promise<void>): Promise<Partial<TaskCounts>> {
  const before = { ...engine.kinds };
  await action();
  return Object.fromEntries(
    Object.entries(engine.kinds).flatMap(([kind, n]) => (n === before[kind as keyof TaskCounts] ? [] : [[kind, n - before[kind as keyof TaskCounts]]])),
  );
}

describe('no world is built on the event loop', () => {
  it('create, from-domain, run, decree, agent policy, the state of tick 0 and a fork hand the world to a worker', async () => {
    // The default limits: a domain's world (1 480 agents) costs more to build than TIERS' ceiling.
    const p = await open({ clock: new ManualClock(), engine });
    const calls = engineCallsHere();
    let id = '';
    const expectStatus = async (res: Promise<Response>, status: number): Promise<Json> => {
      const answer = await res;
      const text = await answer.text();
      expect(answer.status, text).toBe(status);
      return text === '' ? undefined : JSON.parse(text);
    };

    expect(
      await tasksOf(async () => {
        id = (await expectStatus(p.request('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley' } }), 201)).id;
      }),
      'create',
    ).toEqual({ create: 1 });
    const epidemic = getAdapter('epidemic');
    expect(
      await tasksOf(
        async () =>
          void (await expectStatus(p.request('/v1/simulations/from-domain', { key: 'key-a', body: { domain: 'epidemic', input: epidemic?.example } }), 201)),
      ),
      'from-domain',
    ).toEqual({ translate: 1, create: 1 });
    // A run's world is built by the worker that computes its ticks. Its response is replayed in
    // stretches, the first ending after 10 ms of work: one on a quiet machine, up to one a tick
    // on a loaded one (a CI run beside other work saw two).
    const run = await tasksOf(
      async () => void (await expectStatus(p.request('/v1/simulations/run', { key: 'key-a', body: { scenarioId: 'tiny-valley', ticks: 3 } }), 201)),
    );
    expect({ ...run, replay: undefined }, 'run').toEqual({ advance: 1, replay: undefined });
    expect(run.replay, 'run').toBeGreaterThanOrEqual(1);
    expect(run.replay, 'run').toBeLessThanOrEqual(3);
    expect(
      await tasksOf(
        async () =>
          void (await expectStatus(
            p.request(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'set-rule', payload: { rule: 'prophecyBranches', value: 3 } } }),
            201,
          )),
      ),
      'decree',
    ).toEqual({ queue: 1 });
    expect(
      await tasksOf(
        async () =>
          void (await expectStatus(
            p.request(`/v1/simulations/${id}/agent-policy`, { method: 'PUT', key: 'key-a', body: { agentId: 'agent-2', policy: { lambda: 2 } } }),
            200,
          )),
      ),
      'agent policy',
    ).toEqual({ queue: 1 });
    expect(
      await tasksOf(async () => void (await expectStatus(p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 4 } }), 200))),
      'step',
    ).toEqual({ advance: 1 });
    expect(await tasksOf(async () => void (await expectStatus(p.request(`/v1/simulations/${id}/states/0`, { key: 'key-a' }), 200))), 'state of tick 0').toEqual(
      { create: 1 },
    );
    expect(
      await tasksOf(
        async () =>
          void (await expectStatus(
            p.request(`/v1/simulations/${id}/forks`, {
              key: 'key-a',
              body: { atTick: 2, decrees: [{ type: 'set-rule', payload: { rule: 'prophecyBranches', value: 4 } }] },
            }),
            201,
          )),
      ),
      'fork',
    ).toEqual({ replay: 1, queue: 1 });
    // Refusals found by the engine come back from the worker as they did before: an unknown agent is a 404.
    expect(
      await tasksOf(
        async () =>
          void (await expectStatus(
            p.request(`/v1/simulations/${id}/agent-policy`, { method: 'PUT', key: 'key-a', body: { agentId: 'nobody', policy: { lambda: 2 } } }),
            404,
          )),
      ),
      'unknown agent',
    ).toEqual({ queue: 1 });

    expect(calls(), 'Simulation.create/restore/snapshot/state called on the main thread').toBe(0);
  }, 60_000);

  it('a run refused by the work budget builds nothing: no engine task, no engine call, nothing stored', async () => {
    const p = await open({ clock: new ManualClock(), tiers: TIERS, engine });
    const calls = engineCallsHere();
    const tasks = engine.tasks;
    const res = await p.request('/v1/simulations/run', { key: 'key-a', body: { scenarioId: 'tiny-valley', ticks: 100, engineVersion: '1.1.0' } });
    expect(res.status).toBe(422);
    expect(((await res.json()) as Json).error).toMatchObject({
      code: 'WORK_LIMIT_EXCEEDED',
      // Its worlds, and the one its response's replay restores after its first stretch.
      // Two passes of 100 ticks: 2 × (600 + 20 prophecies × 2 branches × (6 × 5 ticks + a fork of 188)).
      details: { cost: 2 * (600 + 20 * 2 * (30 + branchForkCost({ cells: 16 * 16 }))) + (RUN_WORLD_SETUPS + 1) * 6 * WORLD_SETUP_TICKS, ceiling: 1_000 },
    });
    expect(engine.tasks - tasks).toBe(0);
    expect(calls()).toBe(0);
    expect(((await (await p.request('/v1/simulations', { key: 'key-a' })).json()) as Json).pagination.total).toBe(0);
  }, 30_000);
});
