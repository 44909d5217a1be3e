import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPERIMENT_LIMITS } from '../../src/experiments/experiment-limits.js';
import { ManualClock, protectedAppsClosedAfterEach, type ProtectedApp } from '../idempotency/support/protected-app.js';
import { SMALL_WORK_LIMITS } from '../helpers/small-work-limits.js';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../../src/identity/tier-limits.js';
import { branchForkCost, WORLD_SETUP_TICKS } from '../../src/engine-data/work-cost.js';

const open = protectedAppsClosedAfterEach();

/**
 * Small work limits, so the arithmetic is visible: free ceiling 700 (a run of 5 ticks, 610, fits;
 * one of 20, 2 008, does not), window 2 000 agent-ticks (two and three runs of 5 ticks fit, four
 * do not).
 */
const SMALL: TierLimitsTable = { ...SMALL_WORK_LIMITS, free: { ...SMALL_WORK_LIMITS.free, work: { ceiling: 700, perWindow: 2_000 } } };
const T0 = Date.parse('2030-01-01T00:00:10Z');

type Json = any;

// tiny-valley under 1.1.0: 6 agents on 16 × 16 cells, a prophecy every 5 ticks of 2 branches ×
// 5 ticks, each branch a fork of 188: 2 × (30 + 188) = 436. 5 ticks cost 30 + 436 = 466; 20
// ticks 120 + 4 × 436 = 1 864. A run also builds its world: 6 × WORLD_SETUP_TICKS (24) = 144
// more, so a run of 5 ticks costs 610, of 20 ticks 2 008
// (docs/api.md, "Engine work", "Cost model: agent-ticks").
const WORLD = 6 * WORLD_SETUP_TICKS;
const P110 = 2 * (6 * 5 + branchForkCost({ cells: 16 * 16 }));
const TICKS5 = 30 + P110;
const RUN5 = TICKS5 + WORLD;
const experiment = (ticks: number, replications: number) => ({
  base: { scenarioId: 'tiny-valley' },
  engineVersion: '1.1.0',
  replications,
  seed: 1,
  ticks,
  metrics: ['losses'],
});

const total = async (p: ProtectedApp): Promise<number> => ((await (await p.request('/v1/experiments', { key: 'key-a' })).json()) as Json).pagination.total;

describe('experiment work', () => {
  it('refuses an experiment whose costliest run is above the per-request ceiling: 422, nothing queued', async () => {
    const p = await open({ tiers: SMALL, clock: new ManualClock(T0) });
    const res = await p.request('/v1/experiments', { key: 'key-a', body: experiment(20, 1) });
    expect(res.status).toBe(422);
    const body = (await res.json()) as Json;
    expect(body.error.code).toBe('WORK_LIMIT_EXCEEDED');
    expect(body.error.details).toMatchObject({ cost: 120 + 4 * P110 + WORLD, ceiling: 700, tier: 'free' });
    expect(body.error.message).toContain('per run of an experiment');
    expect(await total(p)).toBe(0);
  });

  it('refuses all the runs together above one compute window (422), and draws the cost from the window (429 when too little is left)', async () => {
    const p = await open({ tiers: SMALL, clock: new ManualClock(T0) });
    const tooMuch = await p.request('/v1/experiments', { key: 'key-a', body: experiment(5, 4) });
    expect(tooMuch.status).toBe(422);
    expect(((await tooMuch.json()) as Json).error.details).toMatchObject({ cost: 4 * RUN5, ceiling: 2_000 });
    const first = await p.request('/v1/experiments', { key: 'key-a', body: experiment(5, 2) });
    expect(first.status).toBe(202);
    expect(first.headers.get('x-ratelimit-compute-remaining')).toBe(String(2_000 - 2 * RUN5));
    const second = await p.request('/v1/experiments', { key: 'key-a', body: { ...experiment(5, 2), seed: 2 } });
    expect(second.status).toBe(429);
    expect(((await second.json()) as Json).error.details).toMatchObject({ routeClass: 'compute', cost: 2 * RUN5, remaining: 2_000 - 2 * RUN5 });
    expect(await total(p)).toBe(1);
    await p.request(`/v1/experiments/${((await first.json()) as Json).id}/cancel`, { key: 'key-a', method: 'POST' });
  });
});

describe('experiment work on a simulation base', () => {
  it('weighs the replay to atTick together with the runs, before either starts', async () => {
    const clock = new ManualClock(T0);
    const p = await open({ tiers: SMALL, clock });
    const created = await p.request('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley', engineVersion: '1.1.0' } });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as Json).id as string;
    expect((await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 5 } })).status).toBe(200);
    clock.advance(3_600_000); // a fresh compute window
    // The replay of ticks 1–5 costs 466 and the world it builds 144; each run of ticks 6–10 (its
    // prophecy at tick 10) 466, and 144 more to restore its world: 610.
    const onBase = (replications: number) => ({ ...experiment(5, replications), base: { simulation: id, atTick: 5 } });
    const tooMuch = await p.request('/v1/experiments', { key: 'key-a', body: onBase(3) });
    expect(tooMuch.status).toBe(422);
    // The runs alone (1 830) would fit the window of 2 000; with the replay they do not.
    expect(((await tooMuch.json()) as Json).error.details).toMatchObject({ cost: TICKS5 + WORLD + 3 * RUN5, ceiling: 2_000 });
    expect(await total(p)).toBe(0);
    const accepted = await p.request('/v1/experiments', { key: 'key-a', body: onBase(2) });
    expect(accepted.status).toBe(202);
    expect(accepted.headers.get('x-ratelimit-compute-remaining')).toBe(String(2_000 - (TICKS5 + WORLD) - 2 * RUN5));
    await p.request(`/v1/experiments/${((await accepted.json()) as Json).id}/cancel`, { key: 'key-a', method: 'POST' });
  });
});

describe('experiment queue', () => {
  it('refuses a submission beyond the running and queued experiments the tier allows: 429 with Retry-After', async () => {
    const limits = { ...DEFAULT_EXPERIMENT_LIMITS, free: { runsPerExperiment: 1_000, concurrent: 1, queued: 1 } };
    const p = await open({ experimentLimits: limits });
    const ids: string[] = [];
    for (const seed of [1, 2]) {
      const res = await p.request('/v1/experiments', { key: 'key-a', body: { ...experiment(30, 400), engineVersion: undefined, seed } });
      expect(res.status).toBe(202);
      ids.push(((await res.json()) as Json).id);
    }
    const states = await Promise.all(ids.map(async (id) => ((await (await p.request(`/v1/experiments/${id}`, { key: 'key-a' })).json()) as Json).status));
    expect(states[1]).toBe('queued');
    const refused = await p.request('/v1/experiments', { key: 'key-a', body: { ...experiment(30, 400), engineVersion: undefined, seed: 3 } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(((await refused.json()) as Json).error.details).toMatchObject({ routeClass: 'experiments', limit: 2, tier: 'free' });
    for (const id of ids)
      expect(((await (await p.request(`/v1/experiments/${id}/cancel`, { key: 'key-a', method: 'POST' })).json()) as Json).status).toBe('cancelled');
  });

  it('holds the limit for submissions sent together: each passes the first count, one of them is stored', async () => {
    const limits = { ...DEFAULT_EXPERIMENT_LIMITS, free: { runsPerExperiment: 1_000, concurrent: 1, queued: 1 } };
    // A compute window for all six: the queue alone refuses.
    const tiers = { ...DEFAULT_TIER_LIMITS, free: { ...DEFAULT_TIER_LIMITS.free, work: { ...DEFAULT_TIER_LIMITS.free.work, perWindow: 10 ** 12 } } };
    const p = await open({ experimentLimits: limits, tiers });
    const sent = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((seed) => p.request('/v1/experiments', { key: 'key-a', body: { ...experiment(30, 400), engineVersion: undefined, seed } })),
    );
    expect(sent.map((res) => res.status).sort()).toEqual([202, 202, 429, 429, 429, 429]);
    for (const refused of sent.filter((res) => res.status === 429))
      expect(((await refused.json()) as Json).error.details).toMatchObject({ routeClass: 'experiments', limit: 2 });
    expect(await total(p)).toBe(2);
    for (const accepted of sent.filter((res) => res.status === 202)) {
      const { id } = (await accepted.json()) as Json;
      await p.request(`/v1/experiments/${id}/cancel`, { key: 'key-a', method: 'POST' });
    }
  });
});

describe('Idempotency-Key on POST /v1/experiments', () => {
  it('a retry answers the first 202 and queues nothing more', async () => {
    const p = await open();
    const headers = { 'Idempotency-Key': 'sweep-1' };
    const first = await p.request('/v1/experiments', { key: 'key-a', headers, body: experiment(5, 2) });
    expect(first.status).toBe(202);
    const again = await p.request('/v1/experiments', { key: 'key-a', headers, body: experiment(5, 2) });
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    const id = ((await first.json()) as Json).id;
    expect(((await again.json()) as Json).id).toBe(id);
    expect(await total(p)).toBe(1);
    await p.request(`/v1/experiments/${id}/cancel`, { key: 'key-a', method: 'POST' });
  });
});
