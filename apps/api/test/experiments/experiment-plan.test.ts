import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { ScenarioSchema } from '@sim/engine';
import { epidemicAdapter } from '@sim/domain-adapters';
import { ApiError } from '../../src/lib/api-error.js';
import { silentLogger } from '../../src/lib/logger.js';
import { createAdapterDomainCatalog } from '../../src/scenarios/adapter-domain-catalog.js';
import { loadScenarioFolder } from '../../src/scenarios/load-scenario-folder.js';
import { createScenarioCatalog } from '../../src/scenarios/scenario-catalog.js';
import { DEFAULT_EXPERIMENT_LIMITS } from '../../src/experiments/experiment-limits.js';
import { planExperiment, rangeValues, type ExperimentRequest } from '../../src/experiments/experiment-plan.js';
import { combinationHasher, combinationScenario, combinationValues, runInputs } from '../../src/experiments/experiment-spec.js';
import { canonicalJson } from '../../src/idempotency/canonical-json.js';
import { runSeed } from '../../src/experiments/seed-derivation.js';
import { ExperimentBodySchema } from '../../src/routes/experiments/experiment-schemas.js';
import { InlineScenarioSchema } from '../../src/routes/simulations/simulation-schemas.js';
import { fixtureScenario } from '../support/scenario-files.js';
import { FIXTURE_SCENARIOS } from '../helpers/app-deps.js';

const context = {
  scenarios: createScenarioCatalog(loadScenarioFolder(FIXTURE_SCENARIOS, silentLogger).scenarios),
  domains: createAdapterDomainCatalog(),
  limits: DEFAULT_EXPERIMENT_LIMITS.free,
};

const request = (over: Partial<ExperimentRequest> = {}): ExperimentRequest => ({
  base: { scenarioId: 'tiny-valley' },
  vary: { 'rules.reflexivity': [-0.5, 0.5], 'agents.*.policy.lambda': { from: 0.2, to: 0.6, step: 0.2 } },
  replications: 3,
  seed: 7,
  ticks: 20,
  metrics: [
    'lossTick:well-a',
    'lost:well-a',
    'losses',
    'finalStability',
    'minStability',
    'paradoxes',
    'paradoxes:averted',
    'prophecies',
    'completionTick',
    'completionReason',
  ],
  ...over,
});

/** The issues of a refused plan, as { path, message } pairs. */
async function refusal(body: ExperimentRequest): Promise<Array<{ path: string; message: string }>> {
  try {
    await planExperiment(body, context);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).code).toBe('VALIDATION_ERROR');
    return ((error as ApiError).details as { issues: Array<{ path: string; message: string }> }).issues;
  }
  throw new Error('the plan was accepted');
}

describe('planning an experiment', () => {
  it('plans the cross product, paths sorted, the last path varying fastest', async () => {
    const plan = await planExperiment(request(), context);
    expect(plan.combinations).toBe(6);
    expect(plan.runs).toBe(18);
    expect(plan.spec.parameters).toEqual([
      { path: 'agents.*.policy.lambda', values: [0.2, 0.4, 0.6] },
      { path: 'rules.reflexivity', values: [-0.5, 0.5] },
    ]);
    expect(combinationValues(plan.spec, 0)).toEqual({ 'agents.*.policy.lambda': 0.2, 'rules.reflexivity': -0.5 });
    expect(combinationValues(plan.spec, 1)).toEqual({ 'agents.*.policy.lambda': 0.2, 'rules.reflexivity': 0.5 });
    expect(combinationValues(plan.spec, 5)).toEqual({ 'agents.*.policy.lambda': 0.6, 'rules.reflexivity': 0.5 });
    expect(plan.totalCost.cost).toBe(plan.runCost.cost * 18);
  });

  it('applies each combination to the scenario, and each run gets its own derived seed', async () => {
    const plan = await planExperiment(request(), context);
    const scenario = await combinationScenario(plan.spec, 5, context.domains);
    if (!scenario.ok) throw new Error(scenario.message);
    expect(scenario.scenario.rules?.reflexivity).toBe(0.5);
    expect(scenario.scenario.agents.every((a) => a.policy?.lambda === 0.6)).toBe(true);
    const run = runInputs(plan.spec, scenario.scenario, 5, 2, undefined);
    expect(run.seed).toBe(runSeed(7, 5, 2));
    expect(run.scenario.seed).toBe(run.seed);
    const seeds = new Set<number>();
    for (let c = 0; c < 6; c++) for (let r = 0; r < 3; r++) seeds.add(runSeed(7, c, r));
    expect(seeds.size).toBe(18);
  });

  it('hashes each run as the whole record of its inputs, with the organization only for a private base', async () => {
    const plan = await planExperiment(request(), context);
    const built = await combinationScenario(plan.spec, 4, context.domains);
    if (!built.ok) throw new Error(built.message);
    for (const scope of [undefined, '0b7e1f2a-5c3d-4e6f-8a9b-1c2d3e4f5a6b']) {
      const hasher = combinationHasher(plan.spec, built.scenario, scope);
      for (let r = 0; r < 3; r++) {
        const run = runInputs(plan.spec, built.scenario, 4, r, scope, hasher);
        const record = {
          engineVersion: plan.spec.engineVersion,
          scenario: { ...built.scenario, seed: run.seed },
          ticks: plan.spec.ticks,
          metrics: [...plan.spec.metrics].sort(),
          ...(scope === undefined ? {} : { organization: scope }),
        };
        expect(run.hash).toBe(createHash('sha256').update(canonicalJson(record)).digest('hex'));
        expect(runInputs(plan.spec, built.scenario, 4, r, scope).hash).toBe(run.hash);
      }
    }
    expect(runInputs(plan.spec, built.scenario, 4, 0, undefined).hash).not.toBe(runInputs(plan.spec, built.scenario, 4, 0, 'org').hash);
  });

  it('derives seeds by the documented function', () => {
    // SHA-256("7:0:0"), first four bytes big-endian (docs/api.md, "Experiments").
    const expected = Number.parseInt(createHash('sha256').update('7:3:11').digest('hex').slice(0, 8), 16);
    expect(runSeed(7, 3, 11)).toBe(expected);
    expect(runSeed(7, 0, 0)).not.toBe(runSeed(8, 0, 0));
  });

  it('rounds range values and includes the end', () => {
    expect(rangeValues({ from: 0, to: 0.3, step: 0.1 })).toEqual([0, 0.1, 0.2, 0.3]);
    expect(rangeValues({ from: -1, to: 1, step: 0.5 })).toEqual([-1, -0.5, 0, 0.5, 1]);
  });

  it('validates an inline base no more than its body schema did: planning runs no scenario schema on the event loop', async () => {
    const body = ExperimentBodySchema.parse({ ...request(), base: { scenario: fixtureScenario('tiny-valley') } }) as ExperimentRequest;
    const schemas = [ScenarioSchema, InlineScenarioSchema].flatMap((schema) =>
      (['parse', 'safeParse', 'parseAsync', 'safeParseAsync'] as const).map((method) => vi.spyOn(schema, method)),
    );
    try {
      const plan = await planExperiment(body, context);
      expect(plan.runs).toBe(18);
      for (const spy of schemas) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of schemas) spy.mockRestore();
    }
  });

  it('refuses every bad input at its path, all at once', async () => {
    const issues = await refusal(
      request({
        vary: {
          'rules.nope': [1],
          'rules.reflexivity': [0.5, 'high', 3],
          'attractors.well-z.depth': [1],
          'agents.agent-1.policy.gamma': { from: 1, to: 0, step: 0.5 },
          'attractors.well-a.capacity': [],
          'agents.*.marker.x': { from: 0, to: 2, step: 0 },
        },
        metrics: ['losses', 'happiness', 'lossTick:well-z', 'lossTick'],
      }),
    );
    expect(issues.map((i) => i.path)).toEqual([
      'vary.agents.*.marker.x.step',
      'vary.agents.agent-1.policy.gamma',
      'vary.attractors.well-a.capacity',
      'vary.attractors.well-z.depth',
      'vary.rules.nope',
      'vary.rules.reflexivity.1',
      'vary.rules.reflexivity.2',
      'metrics.1',
      'metrics.2',
      'metrics.3',
    ]);
    expect(issues.find((i) => i.path === 'vary.attractors.well-z.depth')?.message).toContain('no attractor "well-z"');
    expect(issues.find((i) => i.path === 'metrics.2')?.message).toContain('no attractor "well-z"');
    expect(issues.find((i) => i.path === 'vary.agents.agent-1.policy.gamma')?.message).toContain('reversed');
  });

  it('refuses a cross product above the tier limit at vary, and too many replications at replications', async () => {
    const wide = { 'rules.noise': { from: 0, to: 9.99, step: 0.01 }, 'rules.pull': [0.1, 0.2] };
    expect((await refusal(request({ vary: wide }))).map((i) => i.path)).toEqual(['vary']);
    expect((await refusal(request({ vary: {}, replications: 1_001 }))).map((i) => i.path)).toEqual(['replications']);
    expect((await planExperiment(request({ vary: {}, replications: 1_000 }), context)).runs).toBe(1_000);
  });

  it('varies a domain input through input.… paths, checked by the adapter', async () => {
    const base = { domain: epidemicAdapter.id, input: epidemicAdapter.example as Record<string, unknown> };
    const plan = await planExperiment(request({ base, vary: { 'input.regions.0.population': [10_000, 20_000] }, metrics: ['losses'] }), context);
    expect(plan.combinations).toBe(2);
    const issues = await refusal(
      request({ base, vary: { 'input.regions.0.population': ['many'], 'input.nowhere.x': [1], 'rules.noise': [1] }, metrics: ['losses'] }),
    );
    expect(issues.map((i) => i.path)).toEqual(['vary.input.nowhere.x', 'vary.input.regions.0.population.0', 'vary.rules.noise']);
  });

  it('the body schema refuses a base that is not exactly one thing, and unknown fields', () => {
    const parsed = ExperimentBodySchema.safeParse({
      base: { scenarioId: 'tiny-valley', domain: 'x' },
      replications: 1,
      seed: 1,
      ticks: 1,
      metrics: ['losses'],
      colour: 1,
    });
    expect(parsed.success).toBe(false);
    const paths = parsed.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['base', 'base.input', '']));
  });
});
