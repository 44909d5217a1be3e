import { describe, expect, it } from 'vitest';
import { createInProcessRunner } from '../../src/engine-work/in-process-runner.js';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../../src/identity/tier-limits.js';
import { playbackClock } from '../../src/live/playback-clock.js';
import { ApiError } from '../../src/lib/api-error.js';
import { createRateLimiting } from '../../src/rate-limit/create-rate-limiting.js';
import { MemoryRateLimitStore } from '../../src/rate-limit/memory-rate-limit-store.js';
import { createWorkBudget } from '../../src/work-budget/work-budget.js';
import { branchForkCost, peakTickEstimate, playbackCostPerSecond, scenarioShape, WORLD_SETUP_TICKS } from '../../src/engine-data/work-cost.js';
import { countingRunner } from '../helpers/counting-runner.js';
import { ManualClock, protectedAppsClosedAfterEach, type ProtectedApp } from '../idempotency/support/protected-app.js';

/**
 * Playback and the work budget (docs/api.md, "Playback and the work budget"). tiny-valley has 6
 * agents on 16 × 16 cells and a prophecy every 5 ticks (2 branches, horizon 5); pinned to engine
 * 1.1.0 a prophecy costs 2 × (6 × 5 + a fork of 188) = 436, ticks t+1…t+n cost 6 × n + 436 ×
 * prophecies due, a prophecy tick 442, and playing at speed 1 (10 ticks/s) (6 + 436 / 5) × 10 =
 * 932 agent-ticks a second. The rate limiter's clock stands still (a ManualClock), so a compute
 * window never rolls over during a test.
 */

type Json = any;
const open = protectedAppsClosedAfterEach();
const V110 = { engineVersion: '1.1.0' };

/** Free's limits, as each test needs them. */
const tiers = (free: { ceiling: number; perWindow: number; windowSeconds?: number }): TierLimitsTable => ({
  ...DEFAULT_TIER_LIMITS,
  free: {
    ...DEFAULT_TIER_LIMITS.free,
    rateLimits: { ...DEFAULT_TIER_LIMITS.free.rateLimits, windowSeconds: free.windowSeconds ?? 60 },
    work: { ceiling: free.ceiling, perWindow: free.perWindow },
  },
});

/** A simulation of organization A, created (its world built and charged) on key-a-creator's window, not key-a's. */
async function created(p: ProtectedApp, key = 'key-a-creator'): Promise<string> {
  const res = await p.request('/v1/simulations', { key, body: { scenarioId: 'tiny-valley', ...V110 } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const control = (p: ProtectedApp, id: string, action: string, key = 'key-a') =>
  p.request(`/v1/simulations/${id}/time-control`, { method: 'PUT', key, body: { action } });
const view = async (p: ProtectedApp, id: string): Promise<Json> => ((await (await p.request(`/v1/simulations/${id}`, { key: 'key-a' })).json()) as Json).state;
const computeRemaining = (res: Response): number => Number(res.headers.get('x-ratelimit-compute-remaining'));
/** Ticks t+1…t+n of tiny-valley under 1.1.0. */
const P110 = 2 * (6 * 5 + branchForkCost({ cells: 16 * 16 }));
const cost = (t: number, n: number): number => 6 * n + P110 * (Math.floor((t + n) / 5) - Math.floor(t / 5));
/** A step of ticks t+1…t+n: those ticks and its world resumed, 24 agent-ticks per agent (docs/api.md, "Engine work", "Cost model: agent-ticks"). */
const stepCharge = (t: number, n: number): number => cost(t, n) + 6 * WORLD_SETUP_TICKS;

async function until(condition: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('play and the per-request ceiling', () => {
  it('refuses play when one prophecy tick costs more than the ceiling, at any speed, before anything runs', async () => {
    const engine = countingRunner(createInProcessRunner());
    const p = await open({ tiers: tiers({ ceiling: 50, perWindow: 1_000_000 }), clock: new ManualClock(), engine, playback: playbackClock() });
    const id = await created(p);
    const tasks = engine.tasks;
    const res = await control(p, id, 'play');
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as Json;
    expect(error).toMatchObject({
      code: 'WORK_LIMIT_EXCEEDED',
      details: { cost: 442, ceiling: 50, tier: 'free', unit: 'agent-ticks', estimate: { agents: 6, ticks: 1, prophecies: 1 } },
    });
    expect(error.message).toContain('442');
    expect(error.message).toContain('50');
    expect((await view(p, id)).status).toBe('idle');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(engine.tasks - tasks, 'no tick was computed').toBe(0);
    expect((await view(p, id)).tick).toBe(0);
  });

  it('refuses the audit’s example with the default tiers: within the free rate, 7.7 times the free ceiling a tick', () => {
    // 2 400 agents, engine 1.1.0, 32 branches × 500 ticks (and a fork of 180) every 2 000 ticks, 10 ticks a second.
    const shape = scenarioShape(
      { agents: Array.from({ length: 2_400 }, () => ({})), rules: { prophecyInterval: 2_000, prophecyBranches: 32, prophecyHorizon: 500 } },
      '1.1.0',
    );
    const costPerSecond = playbackCostPerSecond(shape, 10);
    expect(costPerSecond).toBe(216_029);
    const rateLimiting = createRateLimiting({ store: new MemoryRateLimitStore(), clock: new ManualClock(), tiers: DEFAULT_TIER_LIMITS });
    const budget = createWorkBudget({ limiter: rateLimiting.limiter, tiers: DEFAULT_TIER_LIMITS });
    const auth = { method: 'api-key' as const, identity: 'key:x', organizationIds: [], scopes: new Set<never>(), tier: 'free' as const };
    const ask = { costPerSecond, ticksPerSecond: 10, peakTickCost: peakTickEstimate(shape), others: { playing: 0, costPerSecond: 0 } };
    let refused: unknown;
    try {
      budget.admitPlayback({ auth }, ask);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).details).toMatchObject({ cost: 38_408_160, ceiling: 5_000_000 });
    // The same simulation on pro (ceiling 25 000 000) is still refused; on enterprise it plays.
    expect(() => budget.admitPlayback({ auth: { ...auth, tier: 'pro' } }, ask)).toThrow(ApiError);
    expect(() => budget.admitPlayback({ auth: { ...auth, tier: 'enterprise' } }, ask)).not.toThrow();
  });
});

describe('playback draws on the compute window', () => {
  it('charges every tick playback computes to the identity that pressed play', async () => {
    // A ceiling that admits a one-tick step onto a prophecy (442 + 144), a window that sustains 1 000 a second.
    const p = await open({ tiers: tiers({ ceiling: 600, perWindow: 60_000 }), clock: new ManualClock(), playback: playbackClock() });
    const id = await created(p);
    expect((await control(p, id, 'play')).status).toBe(200);
    await until(async () => (await view(p, id)).tick >= 7);
    expect((await control(p, id, 'pause')).status).toBe(200);
    const played = (await view(p, id)).tick as number;
    // The window holds exactly what playback computed, and the step now asked.
    const step = await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 1 } });
    expect(step.status).toBe(200);
    expect(computeRemaining(step)).toBe(60_000 - cost(0, played) - stepCharge(played, 1));
    // Another identity's window is untouched by it.
    const other = await p.request(`/v1/simulations/${id}/step`, { key: 'key-a-write', body: { ticks: 1 } });
    expect(computeRemaining(other)).toBe(60_000 - stepCharge(played + 1, 1));
  });

  it('pauses playback, saying why, when the window has not enough left for the ticks due', async () => {
    // A one-second window that never rolls over: it sustains 932 a second, and two 10-tick steps leave 5.
    const perWindow = 2 * stepCharge(0, 10) + 5;
    const p = await open({ tiers: tiers({ ceiling: 1_100, perWindow, windowSeconds: 1 }), clock: new ManualClock(), playback: playbackClock() });
    const id = await created(p);
    for (let i = 0; i < 2; i++) expect((await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 10 } })).status).toBe(200);
    expect((await control(p, id, 'play')).status).toBe(200);
    // Tick 21 costs 6: more than the 5 left. Nothing is computed; the simulation pauses.
    await until(async () => (await view(p, id)).status === 'paused');
    expect(await view(p, id)).toMatchObject({ status: 'paused', tick: 20 });
    const events = await p.storage.simulations.listEvents(id, 0, 1_000);
    const statuses = events.filter((event) => event.type === 'simulation:status').map((event) => event.data);
    expect(statuses.slice(-2)).toEqual([
      { status: 'playing', previous: 'idle', tick: 20 },
      { status: 'paused', previous: 'playing', tick: 20, reason: 'compute-limit' },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await view(p, id)).tick, 'the clock stopped').toBe(20);
  });
});

describe('play and the identity’s other playing simulations', () => {
  it('sums the rates of every simulation the identity plays, each once', async () => {
    // One simulation's 932 a second fits the 1 000 sustained; two do not.
    const p = await open({ tiers: tiers({ ceiling: 600, perWindow: 60_000 }), clock: new ManualClock(), playback: playbackClock() });
    const first = await created(p);
    const second = await created(p);
    expect((await control(p, first, 'play')).status).toBe(200);
    // Playing it again re-times it: its own rate is not counted twice (932 ≤ 1 000).
    expect((await control(p, first, 'play')).status).toBe(200);
    const refused = await control(p, second, 'play');
    expect(refused.status).toBe(422);
    const { error } = (await refused.json()) as Json;
    expect(error).toMatchObject({
      code: 'WORK_LIMIT_EXCEEDED',
      details: { cost: 1_864, ceiling: 1_000, simulation: 932, otherPlaying: 1, others: 932, unit: 'agent-ticks per second' },
    });
    expect(error.message).toContain('1,864');
    expect((await view(p, second)).status).toBe('idle');
    // Another identity has its own rate; once the first is paused, the same identity may play the second.
    expect((await control(p, second, 'play', 'key-a-write')).status).toBe(200);
    expect((await control(p, second, 'pause', 'key-a-write')).status).toBe(200);
    expect((await control(p, first, 'pause')).status).toBe(200);
    expect((await control(p, second, 'play')).status).toBe(200);
    expect((await control(p, second, 'pause')).status).toBe(200);
  });
});
