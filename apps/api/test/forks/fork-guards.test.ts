import { describe, expect, it } from 'vitest';
import { createInProcessRunner } from '../../src/engine-work/in-process-runner.js';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../../src/identity/tier-limits.js';
import { countingRunner } from '../helpers/counting-runner.js';
import { branchForkCost, WORLD_SETUP_TICKS } from '../../src/engine-data/work-cost.js';
import { ManualClock, protectedAppsClosedAfterEach, type ProtectedApp } from '../idempotency/support/protected-app.js';

const open = protectedAppsClosedAfterEach();
type Json = any;

/**
 * Small work limits: a fork or compare is a history replay, weighed against the compute window
 * (free: 2 000 agent-ticks). tiny-valley on 1.1.0: n ticks from 0 cost 6 × n + 436 × prophecies
 * due (2 branches × (6 × 5 ticks + a fork of 188)), and a replay also builds the world it
 * starts from, 6 × WORLD_SETUP_TICKS = 144
 * (docs/api.md, "Engine work", "Cost model: agent-ticks"): a replay to tick 10 costs 932 + 144
 * and one to tick 30 costs 2 796 + 144.
 */
const WORLD = 6 * WORLD_SETUP_TICKS;
const P110 = 2 * (6 * 5 + branchForkCost({ cells: 16 * 16 }));
const SMALL: TierLimitsTable = {
  ...DEFAULT_TIER_LIMITS,
  free: { ...DEFAULT_TIER_LIMITS.free, work: { ceiling: 200, perWindow: 2_000 } },
};
const T0 = Date.parse('2030-01-01T00:00:10Z');

/** A tiny-valley simulation of organization A at tick 30, computed by the enterprise caller (same organization as key-a). */
async function parentAt30(p: ProtectedApp): Promise<string> {
  const res = await p.request('/v1/simulations', { key: 'key-enterprise', body: { scenarioId: 'tiny-valley', engineVersion: '1.1.0' } });
  expect(res.status).toBe(201);
  const id = ((await res.json()) as Json).id as string;
  expect((await p.request(`/v1/simulations/${id}/step`, { key: 'key-enterprise', body: { ticks: 30 } })).status).toBe(200);
  return id;
}

describe('forks and compares under the guards of create and read', () => {
  it('refuses a fork whose replay is over the ceiling (422, no engine task, nothing stored), admits a cheaper one', async () => {
    const engine = countingRunner(createInProcessRunner());
    const p = await open({ tiers: SMALL, clock: new ManualClock(T0), engine });
    const parent = await parentAt30(p);
    const before = engine.tasks;
    const refused = await p.request(`/v1/simulations/${parent}/forks`, { key: 'key-a', body: { atTick: 30 } });
    expect(refused.status).toBe(422);
    const error = ((await refused.json()) as Json).error;
    expect(error.code).toBe('WORK_LIMIT_EXCEEDED');
    expect(error.details).toMatchObject({ cost: 180 + 6 * P110 + WORLD, tier: 'free' });
    expect(engine.tasks).toBe(before);
    expect(((await (await p.request(`/v1/simulations/${parent}/lineage`, { key: 'key-a' })).json()) as Json).forks).toEqual([]);

    const admitted = await p.request(`/v1/simulations/${parent}/forks`, { key: 'key-a', body: { atTick: 10 } });
    expect(admitted.status).toBe(201);
    expect(admitted.headers.get('x-ratelimit-compute-remaining')).toBe(String(2_000 - (60 + 2 * P110 + WORLD)));
  });

  it('weighs a compare as both replays over the common range', async () => {
    const p = await open({ tiers: SMALL, clock: new ManualClock(T0) });
    const parent = await parentAt30(p);
    const fork = ((await (await p.request(`/v1/simulations/${parent}/forks`, { key: 'key-enterprise', body: { atTick: 20 } })).json()) as Json).id as string;
    // Common range 20: 120 + 4 × 436 = 1 864 each, its world and the one restored after its
    // first stretch, 4 304 both: over free's 2 000.
    const refused = await p.request(`/v1/simulations/${parent}/compare/${fork}`, { key: 'key-a' });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as Json).error.details).toMatchObject({ cost: 2 * (120 + 4 * P110 + 2 * WORLD) });
    expect((await p.request(`/v1/simulations/${parent}/compare/${fork}`, { key: 'key-enterprise' })).status).toBe(200);
  });

  it('replays a retried fork with the same Idempotency-Key: same fork, one stored', async () => {
    const p = await open({ clock: new ManualClock(T0) });
    const parent = await parentAt30(p);
    const ask = {
      key: 'key-enterprise',
      body: { atTick: 12, decrees: [{ type: 'remove-agent', payload: { id: 'agent-6' } }] },
      headers: { 'Idempotency-Key': 'fork-1' },
    };
    const first = await p.request(`/v1/simulations/${parent}/forks`, ask);
    expect(first.status).toBe(201);
    const again = await p.request(`/v1/simulations/${parent}/forks`, ask);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(await again.text()).toBe(await first.text());
    const lineage = (await (await p.request(`/v1/simulations/${parent}/lineage`, { key: 'key-enterprise' })).json()) as Json;
    expect(lineage.forks).toHaveLength(1);
  });
});
