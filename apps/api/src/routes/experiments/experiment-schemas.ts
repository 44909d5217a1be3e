import { z } from '@hono/zod-openapi';
import { uuidInput } from '../../lib/id-param.js';
import { alongsideFieldIssues, exactlyOneOf, refinement, type BodyRule } from '../../lib/body-rules.js';
import { paginated } from '../../lib/pagination.js';
import { SeedSchema } from '../../lib/seed-schema.js';
import { MAX_METRICS, MAX_VALUES_PER_PATH, MAX_VARIED_PATHS } from '../../experiments/experiment-limits.js';
import { EXPERIMENT_STATUSES } from '../../experiments/experiment-status.js';
import { METRIC_NAMES, parseMetric } from '../../engine-data/experiment-metrics.js';
import { pathShapeProblem, reservedSegmentProblem } from '../../experiments/parameter-paths.js';
import { repeatedMetrics } from '../../experiments/experiment-plan.js';
import { DomainInputSchema, EngineVersionSchema, InlineScenarioSchema } from '../simulations/simulation-schemas.js';

/** `input` goes with `domain`, and only with it. */
const inputWithDomain: BodyRule = (body) => {
  if (body.domain !== undefined && body.input === undefined) return [{ path: 'input', message: 'input is required together with domain' }];
  if (body.domain === undefined && body.input !== undefined) return [{ path: 'input', message: 'input is only allowed together with domain' }];
  return [];
};

/** `atTick` goes with `simulation`, and only with it. */
const atTickWithSimulation: BodyRule = (body) => {
  if (body.simulation !== undefined && body.atTick === undefined) return [{ path: 'atTick', message: 'atTick is required together with simulation' }];
  if (body.simulation === undefined && body.atTick !== undefined) return [{ path: 'atTick', message: 'atTick is only allowed together with simulation' }];
  return [];
};

const BASE_RULES: readonly BodyRule[] = [exactlyOneOf(['scenarioId', 'scenario', 'domain', 'simulation']), inputWithDomain, atTickWithSimulation];

export const ExperimentBaseSchema = z
  .object({
    scenarioId: z.string().min(1).max(100).optional().describe('A pre-built scenario id (GET /v1/scenarios)'),
    scenario: InlineScenarioSchema.optional(),
    domain: z.string().min(1).max(100).optional().describe('Domain adapter id (GET /v1/domains)'),
    input: DomainInputSchema.optional().describe('Domain input, required together with domain'),
    simulation: uuidInput()
      .optional()
      .describe('A simulation of the caller’s organization: every run is a fork of its history at atTick, reseeded with the run’s seed'),
    atTick: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('With simulation: the tick the runs fork at, 0 to its current tick; the runs compute the ticks after it'),
  })
  .strict()
  .superRefine(refinement(...BASE_RULES), alongsideFieldIssues)
  .openapi('ExperimentBase', {
    description: 'What every run starts from: exactly one of scenarioId, scenario, domain (with input) or simulation (with atTick)',
    example: { scenarioId: 'self-defeating-prophecy' },
  });

const ParameterValueSchema = z.union([z.number(), z.string().max(200), z.boolean()]);

export const ValueRangeSchema = z
  .object({ from: z.number(), to: z.number(), step: z.number() })
  .strict()
  .openapi('ValueRange', {
    description: 'from, from + step, … up to to (included when a step lands on it); step > 0 and from ≤ to',
    example: { from: -1, to: 1, step: 0.5 },
  });

const pathCount: BodyRule = (body) =>
  Object.keys(body).length > MAX_VARIED_PATHS ? [{ path: '', message: `at most ${MAX_VARIED_PATHS} parameter paths` }] : [];

/**
 * Each key of `vary` as sent, before zod builds the record: a key holding `__proto__`,
 * `constructor` or `prototype` is a 400 at its path (`vary.__proto__`), not a key zod leaves
 * out silently (docs/api.md, "Experiments", "Parameter paths").
 */
function reservedKeys(value: unknown, ctx: z.RefinementCtx): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  for (const key of Object.keys(value)) {
    const problem = reservedSegmentProblem(key);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: problem });
  }
  return value;
}

export const VarySchema = z
  .preprocess(
    reservedKeys,
    z
      .record(z.string().min(1).max(300), z.union([z.array(ParameterValueSchema).max(MAX_VALUES_PER_PATH), ValueRangeSchema]))
      .superRefine(refinement(pathCount)),
  )
  .describe(
    'Parameter path → a list of values or a { from, to, step } range; the runs cover the full cross product (docs/api.md, "Experiments", "Parameter paths")',
  );

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What a body refused by its schema is also told (the route's hook, see reportBodyRules), so
 * that one 400 lists every problem: the form of each `vary` path and the name of each metric,
 * which need no base. A body the schema accepts is checked whole by the plan instead, with its
 * base (docs/api.md, "Experiments", "Parameter paths").
 */
export const EXPERIMENT_BODY_RULES: readonly BodyRule[] = [
  (body) =>
    isRecord(body.vary)
      ? Object.keys(body.vary).flatMap((path) => {
          const problem = pathShapeProblem(path);
          return problem === undefined ? [] : [{ path: `vary.${path}`, message: problem }];
        })
      : [],
  (body) =>
    Array.isArray(body.metrics)
      ? body.metrics.flatMap((key: unknown, index) => {
          const parsed = typeof key === 'string' ? parseMetric(key) : undefined;
          return typeof parsed === 'string' ? [{ path: `metrics.${index}`, message: parsed }] : [];
        })
      : [],
  (body) => (Array.isArray(body.metrics) ? repeatedMetrics(body.metrics) : []),
];

export const ExperimentBodySchema = z
  .object({
    base: ExperimentBaseSchema,
    engineVersion: EngineVersionSchema.optional(),
    vary: VarySchema.default({}),
    replications: z.number().int().min(1).max(10_000).describe('Runs per combination, each with its own seed'),
    seed: SeedSchema.describe('The experiment’s seed; run (c, r) runs with a seed derived from (seed, c, r)'),
    ticks: z.number().int().min(1).max(10_000).describe('Ticks of each run (fewer when the simulation completes first)'),
    metrics: z
      .array(z.string().min(1).max(200))
      .min(1)
      .max(MAX_METRICS)
      .describe(`Metric names from the catalogue (${METRIC_NAMES.join(', ')}); lossTick:<attractor>, lost:<attractor>, paradoxes:<kind>`),
    organizationId: uuidInput().optional().describe('Organization to bill against; default the caller’s (first) organization'),
  })
  .strict()
  .openapi('ExperimentRequest', {
    example: {
      base: { scenarioId: 'self-defeating-prophecy' },
      vary: { 'rules.reflexivity': { from: -1, to: 1, step: 0.5 } },
      replications: 40,
      seed: 7,
      ticks: 200,
      metrics: ['lost:doomed', 'lossTick:doomed', 'minStability', 'paradoxes'],
    },
  });

export const ExperimentStatusSchema = z.enum(EXPERIMENT_STATUSES).openapi('ExperimentStatus');

export const ExperimentSchema = z
  .object({
    id: z.uuid(),
    organizationId: z.uuid(),
    status: ExperimentStatusSchema,
    scenarioId: z.string().describe('The base: a scenario id, `inline`, or `domain:<adapter id>`; for a simulation base, the simulation’s'),
    baseSimulation: z
      .object({ id: z.uuid(), atTick: z.number().int() })
      .nullable()
      .describe('The simulation whose history every run forks at atTick; null for a scenario or domain base'),
    engineVersion: EngineVersionSchema,
    parameters: z
      .array(z.object({ path: z.string(), values: z.array(ParameterValueSchema) }))
      .describe('The varied paths, sorted by path, with their values in run order'),
    combinations: z.number().int(),
    replications: z.number().int(),
    seed: z.number().int(),
    ticks: z.number().int(),
    metrics: z.array(z.string()),
    runs: z
      .object({
        total: z.number().int(),
        done: z.number().int(),
        computed: z.number().int().describe('Runs of this experiment computed by the engine'),
        reused: z.number().int().describe('Runs whose identical inputs had already been computed: their stored metrics were reused'),
      })
      .describe('done = computed + reused'),
    createdAt: z.iso.datetime(),
    startedAt: z.iso.datetime().nullable(),
    finishedAt: z.iso.datetime().nullable(),
    estimatedSecondsLeft: z.number().nullable().describe('While running, from the pace so far; null before the first run finishes and once finished'),
    error: z.string().nullable().describe('Why the experiment failed; null otherwise'),
  })
  .openapi('Experiment', {
    example: {
      id: '6f78d06b-4136-4072-9e8b-84665b5894b4',
      organizationId: '0b7e1f2a-5c3d-4e6f-8a9b-1c2d3e4f5a6b',
      status: 'running',
      scenarioId: 'self-defeating-prophecy',
      baseSimulation: null,
      engineVersion: '1.4.0',
      parameters: [{ path: 'rules.reflexivity', values: [-1, -0.5, 0, 0.5, 1] }],
      combinations: 5,
      replications: 40,
      seed: 7,
      ticks: 200,
      metrics: ['lost:doomed', 'lossTick:doomed', 'minStability', 'paradoxes'],
      runs: { total: 200, done: 18, computed: 18, reused: 0 },
      createdAt: '2026-11-24T13:26:01.000Z',
      startedAt: '2026-11-24T13:26:01.020Z',
      finishedAt: null,
      estimatedSecondsLeft: 21.5,
      error: null,
    },
  });

export const ExperimentListSchema = paginated(ExperimentSchema, 'ExperimentList');

const nullableNumber = z.number().nullable();

export const MetricStatisticsSchema = z
  .object({
    metric: z.string(),
    count: z
      .number()
      .int()
      .describe('Runs with a value (a null, such as lossTick of a basin never lost, is not counted); for completionReason every run, a null counted as `none`'),
    mean: nullableNumber,
    stdDev: nullableNumber.describe('Sample standard deviation (n − 1); null below 2 values'),
    ci95: z
      .object({ low: z.number(), high: z.number() })
      .nullable()
      .describe('95% confidence interval of the mean, Student’s t with n − 1 degrees of freedom; null below 2 values'),
    min: nullableNumber,
    q1: nullableNumber,
    median: nullableNumber,
    q3: nullableNumber,
    max: nullableNumber,
    counts: z.record(z.string(), z.number().int()).optional().describe('completionReason only: runs per reason (`none` when it did not complete)'),
  })
  .openapi('MetricStatistics');

export const ExperimentResultsSchema = z
  .object({
    experimentId: z.uuid(),
    status: ExperimentStatusSchema,
    runs: z.object({ total: z.number().int(), done: z.number().int() }),
    combinations: z.array(
      z.object({
        index: z.number().int(),
        values: z.record(z.string(), ParameterValueSchema),
        statistics: z.array(MetricStatisticsSchema),
      }),
    ),
    hash: z.string().describe('SHA-256 (hex) of the canonical JSON of `combinations` and `runs`: the same body submitted twice gives the same hash'),
  })
  .openapi('ExperimentResults', {
    example: {
      experimentId: '6f78d06b-4136-4072-9e8b-84665b5894b4',
      status: 'completed',
      runs: { total: 200, done: 200 },
      combinations: [
        {
          index: 3,
          values: { 'rules.reflexivity': 0.5 },
          statistics: [
            { metric: 'lost:doomed', count: 40, mean: 0.175, stdDev: 0.3847, ci95: { low: 0.0519, high: 0.2981 }, min: 0, q1: 0, median: 0, q3: 0, max: 1 },
          ],
        },
      ],
      hash: '0515f03a57c55a97eed5ccdb963e00940717fdf9d418f7c6d26b16327ac030da',
    },
  });

const progress = { done: z.number().int().describe('Runs finished so far'), total: z.number().int() };

export const ExperimentStatusEventSchema = z
  .object({ status: ExperimentStatusSchema, ...{ done: progress.done }, error: z.string().optional().describe('failed only: why') })
  .openapi('ExperimentStatusEvent');

export const RunEventSchema = z
  .object({
    combination: z.number().int(),
    replication: z.number().int(),
    seed: z.number().int().describe('The run’s seed (derived from the experiment’s seed, combination and replication)'),
    metrics: z.record(z.string(), z.union([z.number(), z.boolean(), z.string(), z.null()])),
    computed: z.boolean().describe('False when a stored result of identical inputs was reused'),
    ...progress,
  })
  .openapi('RunEvent', { description: 'A finished run, with the progress it makes: done of total' });

export const ExperimentStreamMessageSchema = z
  .discriminatedUnion('event', [
    z.object({ id: z.string(), event: z.literal('experiment:status'), data: ExperimentStatusEventSchema }),
    z.object({ id: z.string(), event: z.literal('run'), data: RunEventSchema }),
    z.object({ event: z.literal('heartbeat'), data: z.literal('') }).describe('Every 30 s; no id'),
    z
      .object({ event: z.literal('error'), data: z.object({ code: z.enum(['SLOW_CONSUMER', 'UNAUTHORIZED', 'FORBIDDEN']), message: z.string() }) })
      .describe(
        'No id. SLOW_CONSUMER: the stream fell behind and is closed. UNAUTHORIZED, FORBIDDEN: the credential the stream opened with no longer holds (checked at each heartbeat) and the stream is closed',
      ),
  ])
  .openapi('ExperimentEventMessage');
