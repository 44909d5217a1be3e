import { bankRunAdapter, translate } from '@sim/domain-adapters';
import { describe, expect, it } from 'vitest';
import { TRANSLATION_TICKS_PER_AGENT, WORLD_SETUP_TICKS } from '../../src/engine-data/work-cost.js';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../../src/identity/tier-limits.js';
import { ManualClock, protectedAppsClosedAfterEach, type ProtectedApp } from '../idempotency/support/protected-app.js';

// A domain input translated into a scenario is engine work on a worker (3.5 to 9 µs an agent),
// and so is building a new simulation's world: a create is charged its world (and its
// translation), a `run` from a domain its translation on top of its run, an experiment on a
// domain base its base's and two per combination (docs/api.md, "Engine work", "Cost model: agent-ticks").

type Json = any;
const open = protectedAppsClosedAfterEach();
const T0 = Date.parse('2030-01-01T00:00:10Z');
const translated = translate('bank-run', bankRunAdapter.example);
if (!translated.ok) throw new Error('the bank-run example does not translate');
const scenario = translated.scenario;
const TRANSLATION = scenario.agents.length * TRANSLATION_TICKS_PER_AGENT;

/** Every request refused by the work budget with its cost: a ceiling of one agent-tick (runs), a window of one (experiments). */
const REFUSE_ALL: TierLimitsTable = {
  ...DEFAULT_TIER_LIMITS,
  free: { ...DEFAULT_TIER_LIMITS.free, work: { ceiling: 1, perWindow: 1 } },
};
/** Room for every experiment here: what each is charged shows in the window's remaining agent-ticks. */
const LARGE_WINDOW: TierLimitsTable = {
  ...DEFAULT_TIER_LIMITS,
  free: { ...DEFAULT_TIER_LIMITS.free, work: { ceiling: 1_000_000_000, perWindow: 1_000_000_000 } },
};

async function refusedCost(p: ProtectedApp, path: string, body: unknown): Promise<number> {
  const res = await p.request(path, { key: 'key-a', body });
  const json = (await res.json()) as Json;
  expect(res.status, JSON.stringify(json)).toBe(422);
  expect(json.error.code).toBe('WORK_LIMIT_EXCEEDED');
  return json.error.details.cost as number;
}

describe('translations of domain inputs are charged', () => {
  it('a run from a domain costs the run of its scenario given inline, plus the translation', async () => {
    expect(scenario.agents.length).toBeGreaterThan(50);
    const p = await open({ tiers: REFUSE_ALL, clock: new ManualClock(T0) });
    const fromDomain = await refusedCost(p, '/v1/simulations/run', { domain: 'bank-run', input: bankRunAdapter.example, ticks: 10 });
    const inline = await refusedCost(p, '/v1/simulations/run', { scenario, ticks: 10 });
    expect(fromDomain - inline).toBe(TRANSLATION);
  });

  it('creating a simulation is charged the world it builds, from a domain its translation too', async () => {
    const p = await open({ tiers: REFUSE_ALL, clock: new ManualClock(T0) });
    // tiny-valley: 6 agents, each world 24 agent-ticks an agent.
    expect(await refusedCost(p, '/v1/simulations', { scenarioId: 'tiny-valley' })).toBe(6 * WORLD_SETUP_TICKS);
    // The bank run's world is weighed at its most agents (those its scheduled inputs add too).
    const inline = await refusedCost(p, '/v1/simulations', { scenario });
    expect(inline).toBeGreaterThanOrEqual(scenario.agents.length * WORLD_SETUP_TICKS);
    expect(await refusedCost(p, '/v1/simulations/from-domain', { domain: 'bank-run', input: bankRunAdapter.example })).toBe(inline + TRANSLATION);
    // Refused before anything was built or stored.
    expect(((await (await p.request('/v1/simulations', { key: 'key-a' })).json()) as Json).pagination.total).toBe(0);
  });

  it('an experiment on a domain base: the base translation, and two per combination, whatever its replications', async () => {
    const p = await open({ tiers: LARGE_WINDOW, clock: new ManualClock(T0) });
    let remaining = 1_000_000_000;
    /** What an admitted experiment drew from the compute window; it is cancelled at once. */
    const charged = async (values: number[], replications: number): Promise<number> => {
      const body = {
        base: { domain: 'bank-run', input: bankRunAdapter.example },
        vary: { 'input.runStrength': values },
        replications,
        seed: 3,
        ticks: 5,
        metrics: ['losses'],
      };
      const res = await p.request('/v1/experiments', { key: 'key-a', body });
      const json = (await res.json()) as Json;
      expect(res.status, JSON.stringify(json)).toBe(202);
      await p.request(`/v1/experiments/${json.id}/cancel`, { key: 'key-a', method: 'POST' });
      const left = Number(res.headers.get('x-ratelimit-compute-remaining'));
      const cost = remaining - left;
      remaining = left;
      return cost;
    };
    /** The agents of the scenario a run strength translates into. */
    const agentsAt = (runStrength: number): number => {
      const result = translate('bank-run', { ...(bankRunAdapter.example as object), runStrength });
      if (!result.ok) throw new Error(`runStrength ${runStrength} does not translate`);
      return result.scenario.agents.length;
    };
    const values = [0.2, 0.5, 0.9];
    let runs = 0;
    for (const value of values) {
      const one = await charged([value], 1);
      const run = (await charged([value], 2)) - one;
      expect(run).toBeGreaterThan(0);
      // The base's translation, and the combination's twice (weighed, then when its runs start).
      expect(one - run).toBe(TRANSLATION + 2 * agentsAt(value) * TRANSLATION_TICKS_PER_AGENT);
      runs += run;
    }
    expect(await charged(values, 1)).toBe(runs + TRANSLATION + 2 * values.reduce((sum, value) => sum + agentsAt(value), 0) * TRANSLATION_TICKS_PER_AGENT);
  });
});
