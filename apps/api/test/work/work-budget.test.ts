import { describe, expect, it } from 'vitest';
import { createInProcessRunner } from '../../src/engine-work/in-process-runner.js';
import { countingRunner } from '../helpers/counting-runner.js';
import { scenarioWorkProblems } from '../../src/work-budget/scenario-work-check.js';
import { ManualClock, protectedAppsClosedAfterEach, type ProtectedApp } from '../idempotency/support/protected-app.js';
import { SMALL_WORK_LIMITS } from '../helpers/small-work-limits.js';
import { branchForkCost, RUN_WORLD_SETUPS, WORLD_SETUP_TICKS } from '../../src/engine-data/work-cost.js';
import type { TierLimitsTable } from '../../src/identity/tier-limits.js';

const open = protectedAppsClosedAfterEach();

/**
 * Small work limits. tiny-valley has 6 agents on 16 × 16 cells and a prophecy every 5 ticks (2
 * branches, horizon 5). Pinned to engine 1.1.0 (one ensemble over the horizon), a prophecy costs
 * 2 branches × (6 × 5 ticks + one fork of 188: BRANCH_FORK_TICKS and its 256 cells) = 436, and n
 * ticks from tick t cost 6 × n + 436 × prophecies due. A request also pays for each world it
 * builds, restores or resumes, WORLD_SETUP_TICKS per agent
 * (docs/api.md, "Engine work", "Cost model: agent-ticks"): a step resumes one (6 × 24 = 144), a run builds and resumes one, then
 * builds one again for its response (3 × 144 = 432) and restores it after the response's first
 * stretch (144), as a trace read does. A 10-tick step: 60 + 872 + 144 = 1 076 agent-ticks.
 * 1.2.0's dearer prophecies have their own test below.
 */
const V110 = { engineVersion: '1.1.0' };
const WORLD = 6 * WORLD_SETUP_TICKS;
const RUN_WORLDS = RUN_WORLD_SETUPS * WORLD;
const FORK = branchForkCost({ cells: 16 * 16 });
/** A 1.1.0 prophecy of tiny-valley: 2 branches of 5 ticks, one fork each. */
const P110 = 2 * (6 * 5 + FORK);
/** A 1.2.0 prophecy: 2 branches of 2 ensembles over twice the horizon (20 ticks), four forks at most. */
const P120 = 2 * (6 * 20 + 4 * FORK);
/**
 * Free's ceiling (1 100) admits a 10-tick step (1 076) and one tick onto a 1.1.0 prophecy
 * (6 + 436 + 144), and refuses one onto a 1.2.0 prophecy (6 + 1 744 + 144); its window (2 800)
 * holds two 10-tick steps and a 5-tick one, not a third 10-tick step. Pro's ceiling admits the
 * 20-tick run that free refuses. Other tiers as SMALL_WORK_LIMITS.
 */
const SMALL: TierLimitsTable = {
  ...SMALL_WORK_LIMITS,
  free: { ...SMALL_WORK_LIMITS.free, work: { ceiling: 1_100, perWindow: 2_800 } },
  pro: { ...SMALL_WORK_LIMITS.pro, work: { ceiling: 5_000, perWindow: 10_000 } },
};
const T0 = Date.parse('2030-01-01T00:00:10Z');

type Json = any;

/** A simulation of organization A, created (its world built and charged) on key-a-creator's window, not key-a's. */
async function created(p: ProtectedApp, key = 'key-a-creator', engine: { engineVersion?: string } = V110): Promise<string> {
  const res = await p.request('/v1/simulations', { key, body: { scenarioId: 'tiny-valley', ...engine } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const tickOf = async (p: ProtectedApp, id: string): Promise<number> =>
  ((await (await p.request(`/v1/simulations/${id}`, { key: 'key-a' })).json()) as Json).state.tick;

const compute = (res: Response) => ({
  limit: Number(res.headers.get('x-ratelimit-compute-limit')),
  remaining: Number(res.headers.get('x-ratelimit-compute-remaining')),
  reset: Number(res.headers.get('x-ratelimit-compute-reset')),
});

describe('the work ceiling', () => {
  it('refuses a run above the tier ceiling before any work: 422 with its cost and the ceiling, nothing stored, no engine task', async () => {
    const engine = countingRunner(createInProcessRunner());
    const p = await open({ tiers: SMALL, clock: new ManualClock(T0), engine });
    // 20 ticks: 6 × 20 + 4 prophecies × 436 = 1 864, twice (computed, then replayed for the
    // response), its three worlds and the restore after the response's first stretch:
    // 3 728 + 432 + 144 = 4 304.
    const cost = 2 * (6 * 20 + 4 * P110) + RUN_WORLDS + WORLD;
    expect(cost).toBe(4_304);
    const res = await p.request('/v1/simulations/run', { key: 'key-a', body: { scenarioId: 'tiny-valley', ticks: 20, ...V110 } });
    expect(res.status).toBe(422);
    const body = (await res.json()) as Json;
    expect(body.error.code).toBe('WORK_LIMIT_EXCEEDED');
    expect(body.error.details).toMatchObject({ cost, ceiling: 1_100, tier: 'free', unit: 'agent-ticks' });
    expect(body.error.message).toContain('4,304');
    expect(body.error.message).toContain('1,100');
    expect(engine.tasks).toBe(0);
    expect(engine.busy).toBe(0);
    const list = (await (await p.request('/v1/simulations', { key: 'key-a' })).json()) as Json;
    expect(list.pagination.total).toBe(0);
    // A higher tier's ceiling admits the same request.
    expect((await p.request('/v1/simulations/run', { key: 'key-pro', body: { scenarioId: 'tiny-valley', ticks: 20, ...V110 } })).status).toBe(201);
  });

  it('keeps no record of the refusal under an Idempotency-Key: nothing ran, so a retry is judged afresh', async () => {
    const p = await open({ tiers: SMALL, clock: new ManualClock(T0) });
    const send = () =>
      p.request('/v1/simulations/run', {
        key: 'key-a',
        body: { scenarioId: 'tiny-valley', ticks: 20, ...V110 },
        headers: { 'Idempotency-Key': 'over-the-ceiling' },
      });
    for (let attempt = 0; attempt < 2; attempt++) {
      const res = await send();
      expect(res.status).toBe(422);
      expect(res.headers.get('idempotency-replayed')).toBeNull();
    }
    expect(await p.storage.db.selectFrom('idempotency_keys').select('scope').execute()).toEqual([]);
  });

  it('refuses a step above the ceiling, leaving the simulation as it was', async () => {
    const engine = countingRunner(createInProcessRunner());
    const p = await open({ tiers: SMALL, clock: new ManualClock(T0), engine });
    const id = await created(p);
    const res = await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 40 } });
    expect(res.status).toBe(422);
    expect(((await res.json()) as Json).error.details).toMatchObject({ cost: 6 * 40 + 8 * P110 + WORLD, ceiling: 1_100 });
    // Creating it built its world (one create task); the refused step computed nothing.
    expect(engine.kinds).toEqual({ create: 1, advance: 0, replay: 0, queue: 0, measure: 0, translate: 0 });
    expect(await tickOf(p, id)).toBe(0);
  });

  it('counts the prophecies a step lands on: one tick onto a prophecy costs its ensemble', async () => {
    const p = await open({ tiers: SMALL, clock: new ManualClock(T0) });
    const id = await created(p);
    expect((await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 4 } })).status).toBe(200);
    const onProphecy = await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 1 } });
    expect(onProphecy.status).toBe(200);
    // 24 (4 ticks) then 6 + 436 for tick 5, each step resuming its world once.
    expect(compute(onProphecy).remaining).toBe(2_800 - (24 + WORLD) - (6 + P110 + WORLD));
  });

  it('weighs a 1.2.0 prophecy by every ensemble it runs: two, over twice the horizon, more with fixed-point iterations', async () => {
    const engine = countingRunner(createInProcessRunner());
    const p = await open({ tiers: SMALL, clock: new ManualClock(T0), engine });
    const id = await created(p, 'key-a-creator', { engineVersion: '1.2.0' });
    expect((await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 4 } })).status).toBe(200);
    // Tick 5 lands on a prophecy: 6 + 2 branches × (6 × 2 ensembles × 2 × 5 ticks + 4 forks)
    // = 1 750, and the world resumed (144): above free's 1 100.
    const onProphecy = await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 1 } });
    expect(onProphecy.status).toBe(422);
    expect(((await onProphecy.json()) as Json).error.details).toMatchObject({ cost: 6 + P120 + WORLD, ceiling: 1_100 });
    // A queued decree raising the fixed-point iterations to 3 is weighed at once: four ensembles
    // of 10 ticks, 8 forks a branch: 6 + 2 × (6 × 40 + 8 × 188), and the world.
    const decree = await p.request(`/v1/simulations/${id}/decrees`, {
      key: 'key-a',
      body: { type: 'set-rule', payload: { rule: 'fixedPointIterations', value: 3 } },
    });
    expect(decree.status).toBe(201);
    const widened = await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 1 } });
    expect(widened.status).toBe(422);
    expect(((await widened.json()) as Json).error.details).toMatchObject({ cost: 6 + 2 * (6 * 40 + 8 * FORK) + WORLD, ceiling: 1_100 });
    // Only the admitted 4-tick step advanced; the decree was queued on the runner.
    expect(engine.kinds).toEqual({ create: 1, advance: 1, replay: 0, queue: 1, measure: 0, translate: 0 });
  });
});

describe('playback', () => {
  it('plays only at a rate the tier can sustain: its compute window spread over the window', async () => {
    // SMALL: free's ceiling takes one prophecy tick (442), so its rate is what refuses.
    const p = await open({ tiers: SMALL, clock: new ManualClock(T0) });
    const id = await created(p, 'key-enterprise');
    // (6 agents + a prophecy of 436 every 5 ticks) × 10 ticks/s = 932 agent-ticks a second.
    const free = await p.request(`/v1/simulations/${id}/time-control`, { method: 'PUT', key: 'key-a', body: { action: 'play' } });
    expect(free.status).toBe(422);
    expect(((await free.json()) as Json).error).toMatchObject({ code: 'WORK_LIMIT_EXCEEDED', details: { cost: 932, ceiling: 46, tier: 'free' } });
    const fast = await p.request(`/v1/simulations/${id}/time-control`, { method: 'PUT', key: 'key-enterprise', body: { action: 'play', speed: 10 } });
    expect(fast.status).toBe(422);
    expect(((await fast.json()) as Json).error.details).toMatchObject({ cost: 9_320, ceiling: 1666 });
    const view = (await (await p.request(`/v1/simulations/${id}`, { key: 'key-a' })).json()) as Json;
    expect(view.state.status).toBe('idle');
    expect((await p.request(`/v1/simulations/${id}/time-control`, { method: 'PUT', key: 'key-enterprise', body: { action: 'play' } })).status).toBe(200);
    expect((await p.request(`/v1/simulations/${id}/time-control`, { method: 'PUT', key: 'key-enterprise', body: { action: 'pause' } })).status).toBe(200);
  });
});

describe('the compute class', () => {
  it('draws each request’s cost from the identity’s window, answers X-RateLimit-Compute-*, and refuses with 429 what no longer fits', async () => {
    const clock = new ManualClock(T0);
    const p = await open({ tiers: SMALL, clock });
    const id = await created(p);
    const first = await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 10 } });
    expect(first.status).toBe(200);
    // A 10-tick step: 60 + 2 × 436 + 144 = 1 076.
    const step10 = 60 + 2 * P110 + WORLD;
    expect(compute(first)).toEqual({ limit: 2_800, remaining: 2_800 - step10, reset: Math.floor(T0 / 60_000) * 60 + 60 });
    // The step class keeps its own headers.
    expect(first.headers.get('x-ratelimit-limit')).toBe(String(SMALL.free.rateLimits.step));
    expect(compute(await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 10 } })).remaining).toBe(2_800 - 2 * step10);

    const refused = await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 10 } });
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as Json;
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.details).toMatchObject({ routeClass: 'compute', cost: step10, limit: 2_800, remaining: 2_800 - 2 * step10 });
    expect(refused.headers.get('x-ratelimit-limit')).toBe('2800');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe(String(2_800 - 2 * step10));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await tickOf(p, id)).toBe(20);

    // What was refused was given back: a smaller step still fits (30 + 436 + 144 = 610).
    const smaller = await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 5 } });
    expect(smaller.status).toBe(200);
    expect(compute(smaller).remaining).toBe(2_800 - 2 * step10 - (30 + P110 + WORLD));

    // Trace reads draw on the same window: replaying 25 ticks costs 6 × 25 + 5 × 436 = 2 330,
    // the world it builds 144 and the one it restores after its first stretch 144: 2 618.
    const trace = await p.request(`/v1/simulations/${id}/trace`, { key: 'key-a' });
    expect(trace.status).toBe(429);
    expect(((await trace.json()) as Json).error.details).toMatchObject({ routeClass: 'compute', cost: 150 + 5 * P110 + 2 * WORLD });

    // A new window: everything fits again.
    clock.advance(60_000);
    const later = await p.request(`/v1/simulations/${id}/trace`, { key: 'key-a' });
    expect(later.status).toBe(200);
    expect(compute(later).remaining).toBe(2_800 - (150 + 5 * P110 + 2 * WORLD));
    expect(((await later.json()) as Json).steps).toHaveLength(25);
  });

  it('counts per identity: another key of the organization has its own window', async () => {
    const p = await open({ tiers: SMALL, clock: new ManualClock(T0) });
    const id = await created(p);
    for (let i = 0; i < 2; i++) expect((await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 10 } })).status).toBe(200);
    const other = await p.request(`/v1/simulations/${id}/trace`, { key: 'key-a-read' });
    expect(other.status).toBe(200);
    expect(compute(other).remaining).toBe(2_800 - (6 * 20 + 4 * P110 + 2 * WORLD));
    await other.text();
  });
});

describe('the OpenAPI document', () => {
  it('lists the 422 and 503 of the routes that run the engine, and the compute headers of their successes', async () => {
    const p = await open({ tiers: SMALL, clock: new ManualClock(T0) });
    const doc = (await (await p.request('/v1/openapi.json')).json()) as Json;
    for (const [path, method] of [
      ['/v1/simulations/run', 'post'],
      ['/v1/simulations/{id}/step', 'post'],
      ['/v1/simulations/{id}/trace', 'get'],
      ['/v1/simulations/{id}/events', 'get'],
    ] as const) {
      const responses = doc.paths[path][method].responses;
      expect(Object.keys(responses), `${method} ${path}`).toEqual(expect.arrayContaining(['422', '503']));
    }
    expect(Object.keys(doc.paths['/v1/simulations/{id}/step'].post.responses['200'].headers)).toContain('X-RateLimit-Compute-Remaining');
    expect(doc.paths['/v1/simulations/{id}'].get.responses['422']).toBeUndefined();
  });
});

describe('scenario validation', () => {
  it('refuses an inline scenario whose prophecy tick costs more than any tier allows, saying why', async () => {
    const p = await open({ tiers: SMALL, clock: new ManualClock(T0) });
    const scenario = {
      seed: 1,
      agents: Array.from({ length: 6 }, (_, i) => ({ id: `a${i}`, marker: { x: i, y: i } })),
      initialState: { width: 16, height: 16 },
      rules: { prophecyInterval: 1, prophecyBranches: 32, prophecyHorizon: 500 },
    };
    const res = await p.request('/v1/simulations', { key: 'key-enterprise', body: { scenario } });
    expect(res.status).toBe(400);
    const issue = ((await res.json()) as Json).error.details.issues[0];
    expect(issue.path).toBe('scenario.rules');
    // Weighed at the default engine: 6 + 32 branches × (6 × 4 000 ticks (2 ensembles × 2 (added
    // branches) × 2 × 500) + 8 forks of 188).
    expect(issue.message).toContain('816,134 agent-ticks');
    expect(issue.message).toContain('10,000');
    // The same scenario with a smaller ensemble is accepted.
    const lighter = { ...scenario, rules: { prophecyInterval: 1, prophecyBranches: 4, prophecyHorizon: 20 } };
    expect((await p.request('/v1/simulations', { key: 'key-enterprise', body: { scenario: lighter } })).status).toBe(201);
  });

  it('with the default tiers, refuses the largest ensembles on the largest crowds and accepts the pre-built scenarios’ settings', () => {
    const agents = (n: number) => Array.from({ length: n }, () => ({}));
    expect(scenarioWorkProblems({ agents: agents(10_000), rules: { prophecyInterval: 1, prophecyBranches: 32, prophecyHorizon: 500 } })).toHaveLength(1);
    expect(scenarioWorkProblems({ agents: agents(10_000), rules: {} })).toEqual([]);
    expect(scenarioWorkProblems({ agents: agents(2_400), rules: {} })).toEqual([]);
    // 2 400 agents with the largest ensemble: 38 M agent-ticks a prophecy under 1.1.0, 154 M under 1.2.0.
    const largest = { agents: agents(2_400), rules: { prophecyBranches: 32, prophecyHorizon: 500 } };
    expect(scenarioWorkProblems(largest, undefined, '', '1.1.0')).toEqual([]);
    expect(scenarioWorkProblems(largest, undefined, '', '1.2.0')).toHaveLength(1);
  });
});
