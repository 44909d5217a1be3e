import { z } from 'zod';
import { DomainStateSchema } from '../domain/domain-state.js';
import { PointSchema } from './identifier.js';
import { ResolvedPolicySchema } from './policy.js';
import { ProphecyDataV3Schema } from './prophecy-v3.js';
import { ProphecyDataV4Schema } from './prophecy-v4.js';

/**
 * An attractor as it stands at a tick.
 *
 * @example
 * for (const a of sim.state().attractors) if (a.lost) console.log(`${a.id} is gone`);
 */
export const AttractorStateSchema = z.object({
  id: z.string(),
  x: z.number(),
  y: z.number(),
  depth: z.number().describe('Current depth; 0 once lost'),
  initialDepth: z.number(),
  radius: z.number(),
  capacity: z.number(),
  load: z.number().describe('Load the basin carried in the last tick'),
  lost: z.boolean().describe('True once the basin has collapsed; it never comes back'),
});
/**
 * An attractor as it stands at a tick.
 *
 * @example
 * const market: AttractorState | undefined = sim.state().attractors.find((a) => a.id === 'market');
 */
export type AttractorState = z.infer<typeof AttractorStateSchema>;

/**
 * Why a simulation completed: it reached `rules.maxTicks`, or lost every basin.
 *
 * @example
 * CompletionSchema.options; // ['max-ticks', 'collapse']
 */
export const CompletionSchema = z.enum(['max-ticks', 'collapse']);
/**
 * Why a simulation completed.
 *
 * @example
 * const why: Completion | null = sim.state().completion;
 */
export type Completion = z.infer<typeof CompletionSchema>;

/**
 * A reference to a prophecy inside the engine: its sequence number and the tick it was made at.
 *
 * @example
 * const ref = sim.state().prophecy; // { seq: 3, tick: 75 } or null
 */
export const ProphecyRefSchema = z.object({ seq: z.number().int(), tick: z.number().int() });
/**
 * A reference to a prophecy: its sequence number and the tick it was made at.
 *
 * @example
 * const standing: ProphecyRef | null = sim.state().prophecy;
 */
export type ProphecyRef = z.infer<typeof ProphecyRefSchema>;

/**
 * The observable state of a simulation at a tick. The per-cell grid is left out (see docs/engine.md).
 *
 * @example
 * EngineStateSchema.parse(sim.state());
 */
export const EngineStateSchema = z.object({
  tick: z.number().int(),
  status: z.enum(['running', 'completed']).describe('The engine phase; the API reports its own lifecycle status instead'),
  completion: CompletionSchema.nullable().describe('Why the simulation completed, if it did'),
  stability: z.number().describe('The stability measure b, 0 to 1'),
  agentCount: z.number().int(),
  centroid: PointSchema.nullable().describe('Mean position of the agents'),
  attractors: z.array(AttractorStateSchema),
  lostBasins: z.array(z.string()).describe('Ids of the basins lost so far, in order of loss'),
  prophecy: ProphecyRefSchema.nullable().describe('The standing prophecy that agents react to'),
  domain: DomainStateSchema.optional(),
});
/**
 * The observable state of a simulation at a tick.
 *
 * @example
 * const state: EngineState = sim.state();
 * console.log(state.tick, state.stability, state.lostBasins);
 */
export type EngineState = z.infer<typeof EngineStateSchema>;

/**
 * One agent at a tick, as the interface's TraceStep.agents lists it.
 *
 * @example
 * for (const agent of sim.agents()) AgentSnapshotSchema.parse(agent);
 */
export const AgentSnapshotSchema = z.object({
  id: z.string(),
  state: z.object({
    x: z.number(),
    y: z.number(),
    vx: z.number(),
    vy: z.number(),
    basin: z.string().nullable().describe('Attractor whose basin holds the agent'),
  }),
  policy: ResolvedPolicySchema,
});
/**
 * One agent at a tick.
 *
 * @example
 * const first: AgentSnapshot | undefined = sim.agents()[0];
 * console.log(first?.state.x, first?.policy.lambda);
 */
export type AgentSnapshot = z.infer<typeof AgentSnapshotSchema>;

/**
 * A crossing of a stability threshold, falling or rising.
 *
 * @example
 * sim.step(10, { onEvent: (e) => e.type === 'warning' && WarningSchema.parse(e.data) });
 */
export const WarningSchema = z.object({
  tick: z.number().int(),
  measure: z.literal('stability'),
  value: z.number().describe('Stability after the crossing'),
  previous: z.number().describe('Stability before the crossing'),
  threshold: z.number(),
  direction: z.enum(['falling', 'rising']),
});
/**
 * A crossing of a stability threshold.
 *
 * @example
 * sim.step(10, { onStep: (step) => { const w: Warning | null = step.warning; if (w) console.log(w.direction, w.threshold); } });
 */
export type Warning = z.infer<typeof WarningSchema>;

/**
 * A basin lost for good: its tick, magnitude and the agent that tipped it.
 *
 * @example
 * sim.step(10, { onEvent: (e) => e.type === 'loss' && LossSchema.parse(e.data) });
 */
export const LossSchema = z.object({
  tick: z.number().int(),
  magnitude: z.number().describe('Initial depth of the basin that was lost'),
  agent: z.string().describe('Agent that tipped the basin over: the heaviest, fastest mover in it; "none" if the basin was empty'),
  attractor: z.string(),
  load: z.number(),
  capacity: z.number(),
});
/**
 * A basin lost for good.
 *
 * @example
 * sim.step(10, { onEvent: (e) => { if (e.type === 'loss') { const loss: Loss = e.data; console.log(loss.attractor, loss.agent); } } });
 */
export type Loss = z.infer<typeof LossSchema>;

/**
 * A prophecy contradicted by what happened, or made impossible by a decree.
 *
 * @example
 * sim.step(10, { onEvent: (e) => e.type === 'paradox' && ParadoxSchema.parse(e.data) });
 */
export const ParadoxSchema = z.object({
  tick: z.number().int(),
  kind: z
    .enum(['averted', 'unforeseen', 'decree', 'postponed', 'unstable-prophecy', 'unfulfilled', 'lost-after-averted'])
    .describe(
      'averted: a confident loss did not happen (1.3.0: the basin survived the whole window and the verdict is self-defeating); unforeseen: a loss happened against a confident prophecy ' +
        '(1.3.0: against the published forecast and the reaction to it); decree: a decree made a prophesied loss impossible; ' +
        'postponed (1.2.0): a confident loss came after the horizon, within a horizon after the forecast loss tick (1.3.0: within the window); unstable-prophecy (1.2.0): no forecast is consistent with the reaction to it; ' +
        'unfulfilled (1.3.0): a confident loss did not happen within the window, and the reaction is not what prevented it; lost-after-averted (1.3.0): a basin once judged averted was lost later',
    ),
  prophecy: ProphecyRefSchema,
  attractor: z.string(),
  predictedLossProbability: z.number(),
  message: z.string(),
  iterations: z.array(z.number()).optional().describe('unstable-prophecy only: the loss probability of each forecast tried, the unreacted one first'),
});
/**
 * A prophecy contradicted by what happened.
 *
 * @example
 * sim.step(10, { onEvent: (e) => { if (e.type === 'paradox') { const p: Paradox = e.data; console.log(p.kind, p.prophecy.seq); } } });
 */
export type Paradox = z.infer<typeof ParadoxSchema>;

/**
 * How a queued decree fared at its tick: applied, or not and why.
 *
 * @example
 * sim.step(1, { onEvent: (e) => e.type === 'decree' && DecreeAppliedSchema.parse(e.data) });
 */
export const DecreeAppliedSchema = z.object({
  tick: z.number().int().describe('Tick at which the decree was applied'),
  ref: z.string().nullable().describe('The reference the caller queued it with (the API uses the decree id)'),
  type: z.string(),
  payload: z.record(z.string(), z.unknown()),
  applied: z.boolean().describe('False when the decree no longer fitted the state at its tick'),
  reason: z.string().nullable(),
});
/**
 * How a queued decree fared at its tick.
 *
 * @example
 * sim.step(1, { onEvent: (e) => { if (e.type === 'decree') { const d: DecreeApplied = e.data; console.log(d.ref, d.applied, d.reason); } } });
 */
export type DecreeApplied = z.infer<typeof DecreeAppliedSchema>;

/**
 * How a queued policy change fared at its tick, with the agent's full policy after it.
 *
 * @example
 * sim.step(1, { onEvent: (e) => e.type === 'policy' && PolicyAppliedSchema.parse(e.data) });
 */
export const PolicyAppliedSchema = z.object({
  tick: z.number().int(),
  ref: z.string().nullable(),
  agentId: z.string(),
  policy: ResolvedPolicySchema,
  applied: z.boolean(),
  reason: z.string().nullable(),
});
/**
 * How a queued policy change fared at its tick.
 *
 * @example
 * sim.step(1, { onEvent: (e) => { if (e.type === 'policy') { const p: PolicyApplied = e.data; console.log(p.policy.lambda, p.policy.gamma); } } });
 */
export type PolicyApplied = z.infer<typeof PolicyAppliedSchema>;

/**
 * One basin's forecast in a version 1.0.0 prophecy.
 *
 * @example
 * ProphecyBasinV1Schema.parse({ attractor: 'market', lossProbability: 0.75, expectedLossTick: 31 });
 */
export const ProphecyBasinV1Schema = z.object({
  attractor: z.string(),
  lossProbability: z.number(),
  expectedLossTick: z.number().nullable().describe('Mean tick of loss over the branches that lost it'),
});

/**
 * `prophecy.data` of engine 1.0.0.
 *
 * @example
 * Simulation.create(scenario, { engineVersion: '1.0.0' }).step(25, { onEvent: (e) => e.type === 'prophecy' && ProphecyDataV1Schema.parse(e.data.data) });
 */
export const ProphecyDataV1Schema = z.object({
  schema: z.literal('prophecy/1'),
  tick: z.number().int(),
  horizon: z.number().int(),
  branches: z.number().int(),
  basins: z.array(ProphecyBasinV1Schema),
  expectedCentroid: PointSchema.nullable(),
  expectedStability: z.number(),
});
/**
 * `prophecy.data` of engine 1.0.0.
 *
 * @example
 * if (data.schema === 'prophecy/1') { const v1: ProphecyDataV1 = data; console.log(v1.expectedStability); }
 */
export type ProphecyDataV1 = z.infer<typeof ProphecyDataV1Schema>;

/**
 * One basin's forecast in a version 1.1.0 prophecy.
 *
 * @example
 * ProphecyBasinV2Schema.parse({ lossProbability: 0.5, expectedLossTick: 40, expectedDepth: 1.2, depthSpread: 0.3 });
 */
export const ProphecyBasinV2Schema = z.object({
  lossProbability: z.number(),
  expectedLossTick: z.number().nullable(),
  expectedDepth: z.number().describe('Mean depth at the horizon'),
  depthSpread: z.number().describe('Standard deviation of the depth at the horizon'),
});

/**
 * `prophecy.data` of engine 1.1.0: basins keyed by id, depth forecasts and a confidence.
 *
 * @example
 * Simulation.create(scenario, { engineVersion: '1.1.0' }).step(25, { onEvent: (e) => e.type === 'prophecy' && ProphecyDataV2Schema.parse(e.data.data) });
 */
export const ProphecyDataV2Schema = z.object({
  schema: z.literal('prophecy/2'),
  tick: z.number().int(),
  horizon: z.number().int(),
  branches: z.number().int(),
  confidence: z.number().describe('Agreement of the branches: 1 when every basin forecast is 0 or 1'),
  basins: z.record(z.string(), ProphecyBasinV2Schema),
  expectedCentroid: PointSchema.nullable(),
  stability: z.object({ mean: z.number(), min: z.number(), max: z.number() }),
});
/**
 * `prophecy.data` of engine 1.1.0.
 *
 * @example
 * if (data.schema === 'prophecy/2') { const v2: ProphecyDataV2 = data; console.log(v2.confidence, v2.basins['market']?.expectedDepth); }
 */
export type ProphecyDataV2 = z.infer<typeof ProphecyDataV2Schema>;

/**
 * `prophecy.data` of any engine version, told apart by `schema`.
 *
 * @example
 * const data = ProphecyDataSchema.parse(event.data.data);
 * console.log(data.schema === 'prophecy/1' ? data.expectedStability : data.confidence);
 */
export const ProphecyDataSchema = z.discriminatedUnion('schema', [ProphecyDataV1Schema, ProphecyDataV2Schema, ProphecyDataV3Schema, ProphecyDataV4Schema]);
/**
 * `prophecy.data` of any engine version.
 *
 * @example
 * const basinsOf = (data: ProphecyData): string[] => (data.schema === 'prophecy/1' ? data.basins.map((b) => b.attractor) : Object.keys(data.basins));
 */
export type ProphecyData = z.infer<typeof ProphecyDataSchema>;

/**
 * A prophecy as its event carries it: sequence number, tick and the version's data.
 *
 * @example
 * sim.step(25, { onEvent: (e) => e.type === 'prophecy' && ProphecyIssuedSchema.parse(e.data) });
 */
export const ProphecyIssuedSchema = z.object({ seq: z.number().int(), tick: z.number().int(), data: ProphecyDataSchema });
/**
 * A prophecy as its event carries it.
 *
 * @example
 * sim.step(25, { onEvent: (e) => { if (e.type === 'prophecy') { const p: ProphecyIssued = e.data; console.log(p.seq, p.data.schema); } } });
 */
export type ProphecyIssued = z.infer<typeof ProphecyIssuedSchema>;

/**
 * The tick at which a simulation completed, and why.
 *
 * @example
 * sim.step(Infinity, { onEvent: (e) => e.type === 'completed' && CompletedSchema.parse(e.data) });
 */
export const CompletedSchema = z.object({ tick: z.number().int(), reason: CompletionSchema });
/**
 * The tick at which a simulation completed, and why.
 *
 * @example
 * sim.step(1000, { onEvent: (e) => { if (e.type === 'completed') { const c: Completed = e.data; console.log(c.tick, c.reason); } } });
 */
export type Completed = z.infer<typeof CompletedSchema>;

/**
 * Everything the engine reports as it happens, in a fixed order within a tick.
 *
 * @example
 * sim.step(10, { onEvent: (event: EngineEvent) => { if (event.type === 'loss') console.log(event.data.attractor); } });
 */
export type EngineEvent =
  | { type: 'decree'; data: DecreeApplied }
  | { type: 'policy'; data: PolicyApplied }
  | { type: 'loss'; data: Loss }
  | { type: 'warning'; data: Warning }
  | { type: 'paradox'; data: Paradox }
  | { type: 'completed'; data: Completed }
  | { type: 'prophecy'; data: ProphecyIssued };
/**
 * The `type` of an engine event.
 *
 * @example
 * const counts: Partial<Record<EngineEventType, number>> = {};
 * sim.step(100, { onEvent: (e) => (counts[e.type] = (counts[e.type] ?? 0) + 1) });
 */
export type EngineEventType = EngineEvent['type'];

/**
 * The interface's TraceStep: what happened at one tick.
 *
 * @example
 * sim.step(1, { onStep: (step) => TraceStepSchema.parse(step) });
 */
export const TraceStepSchema = z.object({
  tick: z.number().int(),
  move: z.string().describe('What happened at this tick, in a short readable string'),
  state: EngineStateSchema,
  warning: WarningSchema.nullable(),
  loss: LossSchema.nullable().describe('The first basin loss of this tick, if any (every loss is also an event)'),
  agents: z.array(AgentSnapshotSchema),
});
/**
 * What happened at one tick.
 *
 * @example
 * sim.step(10, { onStep: (step: TraceStep) => console.log(step.tick, step.move, step.state.stability) });
 */
export type TraceStep = z.infer<typeof TraceStepSchema>;
