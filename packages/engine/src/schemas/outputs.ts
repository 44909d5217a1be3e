import { z } from 'zod';
import { PointSchema } from './identifier.js';
import { ResolvedPolicySchema } from './policy.js';

/** An attractor as it stands at a tick. */
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
export type AttractorState = z.infer<typeof AttractorStateSchema>;

export const CompletionSchema = z.enum(['max-ticks', 'collapse']);
export type Completion = z.infer<typeof CompletionSchema>;

/** A reference to a prophecy inside the engine: its sequence number and the tick it was made at. */
export const ProphecyRefSchema = z.object({ seq: z.number().int(), tick: z.number().int() });
export type ProphecyRef = z.infer<typeof ProphecyRefSchema>;

/** The observable state of a simulation at a tick. The per-cell grid is left out (see docs/engine.md). */
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
});
export type EngineState = z.infer<typeof EngineStateSchema>;

/** One agent at a tick, as the interface's TraceStep.agents lists it. */
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
export type AgentSnapshot = z.infer<typeof AgentSnapshotSchema>;

export const WarningSchema = z.object({
  tick: z.number().int(),
  measure: z.literal('stability'),
  value: z.number().describe('Stability after the crossing'),
  previous: z.number().describe('Stability before the crossing'),
  threshold: z.number(),
  direction: z.enum(['falling', 'rising']),
});
export type Warning = z.infer<typeof WarningSchema>;

export const LossSchema = z.object({
  tick: z.number().int(),
  magnitude: z.number().describe('Initial depth of the basin that was lost'),
  agent: z.string().describe('Agent that tipped the basin over: the heaviest, fastest mover in it; "none" if the basin was empty'),
  attractor: z.string(),
  load: z.number(),
  capacity: z.number(),
});
export type Loss = z.infer<typeof LossSchema>;

export const ParadoxSchema = z.object({
  tick: z.number().int(),
  kind: z
    .enum(['averted', 'unforeseen', 'decree'])
    .describe('averted: a confident loss did not happen; unforeseen: a loss happened against a confident prophecy; decree: a decree made a prophesied loss impossible'),
  prophecy: ProphecyRefSchema,
  attractor: z.string(),
  predictedLossProbability: z.number(),
  message: z.string(),
});
export type Paradox = z.infer<typeof ParadoxSchema>;

export const DecreeAppliedSchema = z.object({
  tick: z.number().int().describe('Tick at which the decree was applied'),
  ref: z.string().nullable().describe('The reference the caller queued it with (the API uses the decree id)'),
  type: z.string(),
  payload: z.record(z.string(), z.unknown()),
  applied: z.boolean().describe('False when the decree no longer fitted the state at its tick'),
  reason: z.string().nullable(),
});
export type DecreeApplied = z.infer<typeof DecreeAppliedSchema>;

export const PolicyAppliedSchema = z.object({
  tick: z.number().int(),
  ref: z.string().nullable(),
  agentId: z.string(),
  policy: ResolvedPolicySchema,
  applied: z.boolean(),
  reason: z.string().nullable(),
});
export type PolicyApplied = z.infer<typeof PolicyAppliedSchema>;

/** One basin's forecast in a version 1.0.0 prophecy. */
export const ProphecyBasinV1Schema = z.object({
  attractor: z.string(),
  lossProbability: z.number(),
  expectedLossTick: z.number().nullable().describe('Mean tick of loss over the branches that lost it'),
});

/** `prophecy.data` of engine 1.0.0. */
export const ProphecyDataV1Schema = z
  .object({
    schema: z.literal('prophecy/1'),
    tick: z.number().int(),
    horizon: z.number().int(),
    branches: z.number().int(),
    basins: z.array(ProphecyBasinV1Schema),
    expectedCentroid: PointSchema.nullable(),
    expectedStability: z.number(),
  });
export type ProphecyDataV1 = z.infer<typeof ProphecyDataV1Schema>;

/** One basin's forecast in a version 1.1.0 prophecy. */
export const ProphecyBasinV2Schema = z.object({
  lossProbability: z.number(),
  expectedLossTick: z.number().nullable(),
  expectedDepth: z.number().describe('Mean depth at the horizon'),
  depthSpread: z.number().describe('Standard deviation of the depth at the horizon'),
});

/** `prophecy.data` of engine 1.1.0: basins keyed by id, depth forecasts and a confidence. */
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
export type ProphecyDataV2 = z.infer<typeof ProphecyDataV2Schema>;

export const ProphecyDataSchema = z.discriminatedUnion('schema', [ProphecyDataV1Schema, ProphecyDataV2Schema]);
export type ProphecyData = z.infer<typeof ProphecyDataSchema>;

export const ProphecyIssuedSchema = z.object({ seq: z.number().int(), tick: z.number().int(), data: ProphecyDataSchema });
export type ProphecyIssued = z.infer<typeof ProphecyIssuedSchema>;

export const CompletedSchema = z.object({ tick: z.number().int(), reason: CompletionSchema });
export type Completed = z.infer<typeof CompletedSchema>;

/** Everything the engine reports as it happens, in a fixed order within a tick. */
export type EngineEvent =
  | { type: 'decree'; data: DecreeApplied }
  | { type: 'policy'; data: PolicyApplied }
  | { type: 'loss'; data: Loss }
  | { type: 'warning'; data: Warning }
  | { type: 'paradox'; data: Paradox }
  | { type: 'completed'; data: Completed }
  | { type: 'prophecy'; data: ProphecyIssued };
export type EngineEventType = EngineEvent['type'];

/** The interface's TraceStep: what happened at one tick. */
export const TraceStepSchema = z.object({
  tick: z.number().int(),
  move: z.string().describe('What happened at this tick, in a short readable string'),
  state: EngineStateSchema,
  warning: WarningSchema.nullable(),
  loss: LossSchema.nullable().describe('The first basin loss of this tick, if any (every loss is also an event)'),
  agents: z.array(AgentSnapshotSchema),
});
export type TraceStep = z.infer<typeof TraceStepSchema>;
