import { z } from '@hono/zod-openapi';
import { uuidInput } from '../../lib/id-param.js';
import { ErrorEnvelopeSchema } from '../../lib/error-envelope.js';
import {
  checkScenarioConsistency,
  DEFAULT_ENGINE_VERSION,
  ENGINE_VERSIONS,
  EngineStateSchema,
  InitialStateSchema,
  PolicySchema,
  scenarioShape,
  TraceStepSchema,
} from '@sim/engine';
import { alongsideFieldIssues, exactlyOneOf, refinement, type BodyRule } from '../../lib/body-rules.js';
import { decimalInteger } from '../../lib/decimal-integer.js';
import { nestsDeeperThan } from '../../lib/nesting-depth.js';
import { paginated, PaginationQuerySchema } from '../../lib/pagination.js';
import { SimulationStateSchema } from '../../simulations/lifecycle.js';
import { TRACE_PAGE_DEFAULT, TRACE_PAGE_MAX } from '../../simulations/trace-page.js';
import { MAX_TICKS_PER_REQUEST } from '../../simulations/max-ticks-per-request.js';
import { epidemicAdapter } from '@sim/domain-adapters';

export const EngineVersionSchema = z.enum(ENGINE_VERSIONS).openapi('EngineVersion', {
  description: `Engine versions served; the default is the newest (${DEFAULT_ENGINE_VERSION}). A simulation keeps its version for life.`,
});

/**
 * The engine's ScenarioSchema, rebuilt from its shape: the OpenAPI generator probes schemas
 * with `null`, which the engine's cross-field refinement does not expect.
 */
export const InlineScenarioSchema = z
  .object(scenarioShape)
  .strict()
  .superRefine((value, ctx) => {
    if (typeof value === 'object' && value !== null) checkScenarioConsistency(value, ctx);
  })
  .openapi('InlineScenario', { description: 'A runnable scenario: seed, agents and initialState (rules and nodeLabels optional)' });

// Engine schemas are named with `.meta({ id })`; see decree-schemas.ts for why.
export const TraceStepComponent = TraceStepSchema.meta({ id: 'TraceStep' });

/** A line of `run`'s NDJSON body: a step, or the error line a run that stopped early ends with (docs/api.md, "Run as a stream"). */
export const RunStreamLineSchema = z.union([TraceStepComponent, ErrorEnvelopeSchema]).openapi('RunStreamLine', {
  description: 'A TraceStep; or, as the last line of a run that stopped before its last tick, the error envelope (`details.tick`: the last tick committed)',
});

export const ForkOriginSchema = z
  .object({
    id: z.uuid().describe('The parent simulation'),
    atTick: z.number().int().min(0).describe('The last tick of history the fork shares with its parent; its own inputs apply from atTick + 1'),
  })
  .openapi('ForkOrigin');

export const SimulationSchema = z
  .object({
    id: z.uuid(),
    scenarioId: z.string().describe('The pre-built scenario id; `inline` for an inline scenario; `domain:<adapter>` for a domain simulation'),
    organizationId: z.uuid(),
    engineVersion: EngineVersionSchema,
    state: SimulationStateSchema,
    createdAt: z.iso.datetime(),
    parent: ForkOriginSchema.nullable().describe('For a fork: the simulation it branched off and the tick it branched at; null otherwise'),
  })
  .openapi('Simulation');

const organizationId = uuidInput().optional().describe('Organization to bill against; default the caller’s (first) organization');
const engineVersion = EngineVersionSchema.optional();
const scenarioId = z.string().min(1).max(100).describe('A pre-built scenario id (GET /v1/scenarios)');
const ticks = z.number().int().min(1).max(MAX_TICKS_PER_REQUEST);

/** What a create body must satisfy beyond its fields (also checked by the route's hook, see reportBodyRules). */
export const CREATE_BODY_RULES: readonly BodyRule[] = [exactlyOneOf(['scenarioId', 'scenario'])];

/** `input` goes with `domain`, and only with it. */
const inputWithDomain: BodyRule = (body) => {
  if (body.domain !== undefined && body.input === undefined) return [{ path: 'input', message: 'input is required together with domain' }];
  if (body.domain === undefined && body.input !== undefined) return [{ path: 'input', message: 'input is only allowed together with domain' }];
  return [];
};

/** What a run body must satisfy beyond its fields (also checked by the route's hook). */
export const RUN_BODY_RULES: readonly BodyRule[] = [exactlyOneOf(['scenarioId', 'scenario', 'domain']), inputWithDomain];

export const CreateSimulationBodySchema = z
  .object({ scenarioId: scenarioId.optional(), scenario: InlineScenarioSchema.optional(), organizationId, engineVersion })
  .strict()
  .superRefine(refinement(...CREATE_BODY_RULES), alongsideFieldIssues)
  .openapi('CreateSimulation', { description: 'Exactly one of scenarioId or scenario', example: { scenarioId: 'calm-equilibrium' } });

/**
 * How deep a domain's `input` may nest arrays and objects. Every adapter's input is a few levels
 * deep; the bound refuses, as a 400 before anything runs, a body that would overflow the call
 * stack when it is copied to the engine's worker (a megabyte of `[` fits in the body limit).
 */
export const MAX_DOMAIN_INPUT_DEPTH = 32;

/** A domain adapter's `input`: any object, which its adapter checks, nested at most MAX_DOMAIN_INPUT_DEPTH deep. */
export const DomainInputSchema = z.record(z.string(), z.unknown()).superRefine((input, ctx) => {
  if (nestsDeeperThan(input, MAX_DOMAIN_INPUT_DEPTH)) {
    ctx.addIssue({ code: 'custom', message: `nests arrays and objects more than ${MAX_DOMAIN_INPUT_DEPTH} levels deep` });
  }
});

const domainInput = DomainInputSchema.describe('Domain-specific input; its JSON Schema is at GET /v1/domains/{id}');

export const FromDomainBodySchema = z
  .object({ domain: z.string().min(1).max(100).describe('Domain adapter id (GET /v1/domains)'), input: domainInput, organizationId, engineVersion })
  .strict()
  // The example is the adapter's own valid input, so it cannot drift from the adapter.
  .openapi('CreateFromDomain', { example: { domain: epidemicAdapter.id, input: epidemicAdapter.example } });

export const RunBodySchema = z
  .object({
    scenarioId: scenarioId.optional(),
    scenario: InlineScenarioSchema.optional(),
    domain: z.string().min(1).max(100).optional(),
    input: domainInput.optional().describe('Required together with domain'),
    ticks,
    organizationId,
    engineVersion,
  })
  .strict()
  .superRefine(refinement(...RUN_BODY_RULES), alongsideFieldIssues)
  .openapi('RunSimulation', {
    description: 'Exactly one of scenarioId, scenario or domain (with input)',
    example: { scenarioId: 'calm-equilibrium', ticks: 100 },
  });

export const StepBodySchema = z
  .object({ ticks })
  .strict()
  .openapi('StepRequest', { example: { ticks: 10 } });

export const StepResponseSchema = z
  .object({ state: SimulationStateSchema, ticks: z.number().int().describe('Ticks actually advanced: fewer when the simulation completed') })
  .openapi('StepResult');

export const TraceMetadataSchema = z
  .object({
    simulationId: z.uuid(),
    scenarioId: z.string(),
    engineVersion: EngineVersionSchema,
    seed: z.number(),
    ticks: z.number().int().describe('Number of steps in the trace (the current tick)'),
  })
  .openapi('TraceMetadata');

export const TraceSchema = z
  .object({
    metadata: TraceMetadataSchema,
    initialState: InitialStateSchema.describe('The scenario’s starting grid'),
    steps: z.array(TraceStepComponent),
  })
  .openapi('Trace');

const pageTick = (name: string, description: string) =>
  decimalInteger(1, 1_000_000)
    .optional()
    .openapi({ param: { name, in: 'query' }, description, example: 1 });

/** docs/api.md, "Trace pages": any of the three asks for a page; none, the whole trace. */
export const TraceQuerySchema = z.object({
  fromTick: pageTick(
    'fromTick',
    'First tick of the page (default 1); at most the current tick. Pass the previous page’s `nextCursor` here: `?fromTick=101&limit=100`, then `?fromTick=201&limit=100`, … until `nextCursor` is null.',
  ),
  toTick: pageTick('toTick', 'Last tick wanted over all pages (default and at most: the current tick); not before fromTick'),
  limit: decimalInteger(1, TRACE_PAGE_MAX)
    .optional()
    .openapi({
      param: { name: 'limit', in: 'query' },
      description: `Ticks per page, 1 to ${TRACE_PAGE_MAX} (default ${TRACE_PAGE_DEFAULT} once a page is asked for)`,
      example: TRACE_PAGE_DEFAULT,
    }),
});

export const TracePageInfoSchema = z
  .object({
    fromTick: z.number().int().describe('First tick in this page'),
    toTick: z.number().int().describe('Last tick in this page'),
    limit: z.number().int().describe('Ticks per page'),
    nextCursor: z
      .number()
      .int()
      .nullable()
      .describe('The `fromTick` of the next page (same toTick and limit); null on the last page. Also in the `X-Next-Cursor` header.'),
  })
  .openapi('TracePage', { example: { fromTick: 101, toTick: 200, limit: 100, nextCursor: 201 } });

export const TraceReadSchema = TraceSchema.extend({
  page: TracePageInfoSchema.optional().describe('Present when a page was asked for (fromTick, toTick or limit)'),
}).openapi('TraceRead');

/** `{id}` and `{tick}` of a past state: a tick is an integer from 0; a malformed one is 400 at `tick`. */
export const StateAtParamsSchema = z.object({
  id: uuidInput().openapi({ param: { name: 'id', in: 'path' }, example: '6f1c2a9e-3b7d-4c1e-9a2f-5d8e7b6a4c3d' }),
  tick: decimalInteger(0, 1_000_000).openapi({
    param: { name: 'tick', in: 'path', required: true },
    description: 'A tick from 0 (the start) to the current tick',
    example: 120,
  }),
});

export const PastStateSchema = z
  .object({
    simulationId: z.uuid(),
    tick: z.number().int(),
    state: EngineStateSchema.describe('The engine state at that tick: the `state` of trace step `tick` (tick 0: the state before the first tick)'),
  })
  .openapi('PastState', {
    example: {
      simulationId: '6f1c2a9e-3b7d-4c1e-9a2f-5d8e7b6a4c3d',
      tick: 120,
      state: {
        tick: 120,
        status: 'running',
        completion: null,
        stability: 0.81,
        agentCount: 6,
        centroid: { x: 7.5, y: 8.1 },
        attractors: [],
        lostBasins: [],
        prophecy: null,
      },
    },
  });

export const RunResponseSchema = z.object({ simulationId: z.uuid(), engineVersion: EngineVersionSchema, trace: TraceSchema }).openapi('RunResult');

export const AgentPolicyBodySchema = z
  .object({ agentId: z.string().min(1).max(64), policy: PolicySchema })
  .strict()
  .openapi('AgentPolicyUpdate', { example: { agentId: 'agent-1', policy: { lambda: 0.8 } } });

export const TimeControlBodySchema = z
  .object({
    action: z
      .enum(['play', 'pause', 'step'])
      .describe('play starts the server-side clock, pause stops it, step advances exactly one tick (and pauses playback)'),
    speed: z.number().min(0.1).max(10).optional().describe('Playback multiplier of rules.ticksPerSecond; kept until changed (default 1)'),
  })
  .strict()
  .openapi('TimeControl', { example: { action: 'play', speed: 2 } });

export const OkSchema = z.object({ ok: z.literal(true) }).openapi('Ok');

/** The list's `organizationId` filter, checked by the handler for JWT callers (the ones it applies to). */
export const OrganizationFilterSchema = uuidInput();

export const ListSimulationsQuerySchema = PaginationQuerySchema.extend({
  // Any string passes here: the interface says an API-key caller's filter is ignored, so even a
  // malformed one must not fail its request. The handler checks it as a UUID for JWT callers;
  // the document still says `format: uuid`, the only values that ever mean something.
  organizationId: z
    .string()
    .optional()
    .openapi({
      param: { name: 'organizationId', in: 'query' },
      format: 'uuid',
      description:
        'JWT callers only: one of their organizations (400 when not a UUID, 403 when not theirs). Ignored entirely for API keys, whatever its value.',
    }),
});

export const SimulationPageSchema = paginated(SimulationSchema, 'SimulationPage');
