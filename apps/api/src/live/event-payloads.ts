import { z } from '@hono/zod-openapi';
import { AgentSnapshotSchema, LossSchema, ParadoxSchema, ProphecyDataSchema, WarningSchema, type TraceStep } from '@sim/engine';
import { LifecycleStatusSchema, SimulationStateSchema, type LifecycleStatus } from '../simulations/lifecycle.js';
import { prophecyId } from '../simulations/tick-collector.js';
import type { StoredEvent } from '../simulations/simulation-store.js';

/** `tick`: one computed tick. `b` is the stability measure (docs/engine.md, "Stability b"). */
export const TickEventDataSchema = z
  .object({
    t: z.number().int().describe('Tick number'),
    b: z.number().describe('Stability b in 0…1 after this tick (= state.stability): depth share of the basins, reduced by up to a half by agitation'),
    lastMove: z.string().describe('What happened at this tick (the trace step’s move)'),
    state: SimulationStateSchema.describe('The state after this tick; status is the lifecycle status the tick was computed in (completed on the last tick)'),
    warning: WarningSchema.nullable().describe('The last stability warning of this tick, or null'),
    agents: z
      .array(AgentSnapshotSchema)
      .describe('Every agent after this tick, with both lambda and gamma (with `agents=N`: the sample of N, in the same order)'),
  })
  .openapi('TickEvent');
export type TickEventData = z.infer<typeof TickEventDataSchema>;

/** `tick` with `agents=none`: the aggregates only (stability, centroid, basins are in `state`). */
export const TickAggregatesEventDataSchema = TickEventDataSchema.omit({ agents: true })
  .describe('`agents=none`: the tick without agents; state carries stability, centroid, agentCount and the basins (attractors)')
  .openapi('TickAggregatesEvent');
export type TickAggregatesEventData = z.infer<typeof TickAggregatesEventDataSchema>;

export const PackedAgentsSchema = z
  .object({
    format: z.literal('q16').describe('Coordinates quantized to unsigned 16-bit integers'),
    count: z.number().int().describe('Agents in this tick'),
    scale: z.number().int().describe('Units per cell: x = X / scale (256)'),
    roster: z.string().describe('FNV-1a (32 bits, 8 hex digits) of the ids joined by "\\n"'),
    ids: z
      .array(z.string())
      .nullable()
      .describe('The ids on a key frame (the stream’s first tick, a changed roster, after skipped ticks); null: those of the last key frame'),
    xy: z.string().describe('Base64 of count × 2 little-endian uint16: x0, y0, x1, y1, …'),
    basin: z
      .string()
      .describe(
        'Base64 of count little-endian unsigned integers of basinBytes bytes: the index of the agent’s basin in state.attractors; all ones (255 or 65535) for none',
      ),
    basinBytes: z.union([z.literal(1), z.literal(2)]),
  })
  .openapi('PackedAgents');
export type PackedAgents = z.infer<typeof PackedAgentsSchema>;

/** `tick` with `encoding=packed`: the agents as quantized columns instead of objects. */
export const PackedTickEventDataSchema = TickEventDataSchema.omit({ agents: true })
  .extend({ packed: PackedAgentsSchema })
  .describe('`encoding=packed`: positions and basins of every agent (or of the sample) as base64 columns')
  .openapi('PackedTickEvent');

// Engine schemas are named with `.meta({ id })`: `.openapi()` exists only on the zod instance
// @hono/zod-openapi extended (see routes/decrees/decree-schemas.ts).
export const LossEventDataSchema = LossSchema.meta({
  id: 'LossEvent',
  description: 'A basin loss: tick, magnitude (the basin’s initial depth), agent (the agent that tipped it, "none" if empty), attractor, load, capacity',
});
export const WarningEventDataSchema = WarningSchema.meta({
  id: 'WarningEvent',
  description: 'Stability b crossed a threshold of rules.warningThresholds: value after the crossing, previous value, threshold and direction',
});
export const ParadoxEventDataSchema = ParadoxSchema.meta({
  id: 'ParadoxEvent',
  description:
    'A prophecy was contradicted: kind averted, unforeseen or decree; from engine 1.2.0 also postponed and unstable-prophecy; from 1.3.0 also unfulfilled and lost-after-averted',
});

export const DecreeEventDataSchema = z
  .object({
    decreeId: z.uuid().nullable().describe('The id POST /decrees returned'),
    tick: z.number().int().describe('Tick at which the decree was applied'),
    type: z.string(),
    payload: z.record(z.string(), z.unknown()),
    applied: z.boolean().describe('False when the decree no longer fitted the world at its tick (it then changed nothing)'),
    reason: z.string().nullable().describe('Why it was not applied; null when applied'),
  })
  .openapi('DecreeEvent');
export type DecreeEventData = z.infer<typeof DecreeEventDataSchema>;

export const ProphecyEventDataSchema = z
  .object({
    id: z.uuid().describe('Same id as in GET /prophecies'),
    simulationId: z.uuid(),
    seq: z.number().int().describe('Prophecy number within the simulation (1, 2, …)'),
    tick: z.number().int(),
    data: ProphecyDataSchema.describe('Shape named by data.schema; varies by engine version'),
    createdAt: z.iso.datetime(),
  })
  .openapi('ProphecyEvent');
export type ProphecyEventData = z.infer<typeof ProphecyEventDataSchema>;

export const StatusEventDataSchema = z
  .object({
    status: LifecycleStatusSchema,
    previous: LifecycleStatusSchema,
    tick: z.number().int().describe('The tick the simulation stood at when its status changed'),
    reason: z
      .string()
      .optional()
      .describe(
        'Set when the server changed the status itself, the simulation then being paused: "shutdown" (a server shutdown stopped playback), "restart" (playback was interrupted by a crash), "compute-limit" (the compute window of the caller who pressed play ran out), "storage-limit" (the storage quota of the organization had no room for the next ticks)',
      ),
  })
  .openapi('SimulationStatusEvent');
export type StatusEventData = z.infer<typeof StatusEventDataSchema>;

export const ErrorEventDataSchema = z
  .object({
    code: z
      .enum(['SIMULATION_FAILED', 'SLOW_CONSUMER', 'UNAUTHORIZED', 'FORBIDDEN'])
      .describe(
        'SIMULATION_FAILED: the engine failed, the simulation is failed (has an id, replayed). SLOW_CONSUMER: this stream fell too far behind and is closed (no id; reconnect with Last-Event-ID to catch up). UNAUTHORIZED, FORBIDDEN: the credential the stream opened with no longer holds (a revoked key, an expired JWT; checked at each heartbeat) and the stream is closed (no id; a reconnect with the same credential is refused)',
      ),
    message: z.string(),
    tick: z.number().int().optional().describe('The last good tick (SIMULATION_FAILED)'),
    bound: z
      .enum(['stream', 'process'])
      .optional()
      .describe('SLOW_CONSUMER: the bound the stream passed, its own (4 MiB, 4096 messages) or the bytes the server holds for all its streams together'),
    retryAfter: z
      .number()
      .int()
      .optional()
      .describe(
        'SLOW_CONSUMER: seconds to wait before reconnecting, also sent as the stream’s `retry:` (the stream’s own delay for `stream`, at least 10 s for `process`)',
      ),
  })
  .openapi('ErrorEvent');
export type ErrorEventData = z.infer<typeof ErrorEventDataSchema>;

export const DegradedEventDataSchema = z
  .object({
    code: z.literal('SLOW_CONSUMER'),
    bound: z.enum(['stream', 'process']).describe('The bound the stream met: its own queue, or the bytes the server holds for all its streams together'),
    message: z.string(),
  })
  .describe(
    '`lag=skip` (the default): this stream fell behind a bound; ticks still queued were dropped and from now on only the newest unsent tick waits (no id; other events are never dropped)',
  )
  .openapi('DegradedEvent');

/** The SSE event names (an experiment's stream: `experiment:status` and `run`); `heartbeat` carries no data and no id. */
export const SSE_EVENT_NAMES = [
  'tick',
  'loss',
  'warning',
  'paradox',
  'decree',
  'prophecy',
  'simulation:status',
  'error',
  'degraded',
  'heartbeat',
  'experiment:status',
  'run',
] as const;
export type SseEventName = (typeof SSE_EVENT_NAMES)[number];

/** A tick event without its agents (`agents=none`); every variant starts with these fields, in this order. */
export function tickAggregatesData(step: TraceStep, status: LifecycleStatus): TickAggregatesEventData {
  return {
    t: step.tick,
    b: step.state.stability,
    lastMove: step.move,
    state: { ...step.state, status: step.state.status === 'completed' ? 'completed' : status },
    warning: step.warning,
  };
}

/**
 * The SSE name and data of a stored event, or undefined for the stored records that are not
 * streamed: `policy` (visible in the next tick's agents) and `completed` (reported as
 * `simulation:status` with status completed).
 */
export function storedEventMessage(event: StoredEvent): { name: SseEventName; data: unknown } | undefined {
  const data = event.data as Record<string, unknown>;
  switch (event.type) {
    case 'loss':
    case 'warning':
    case 'paradox':
    case 'simulation:status':
      return { name: event.type, data };
    case 'decree': {
      const { ref, ...rest } = data;
      return { name: 'decree', data: { decreeId: ref ?? null, ...rest } };
    }
    case 'prophecy': {
      const seq = data.seq as number;
      const body: ProphecyEventData = {
        id: prophecyId(event.simulationId, seq),
        simulationId: event.simulationId,
        seq,
        tick: data.tick as number,
        data: data.data as ProphecyEventData['data'],
        createdAt: event.createdAt,
      };
      return { name: 'prophecy', data: body };
    }
    case 'error':
      return { name: 'error', data: { code: 'SIMULATION_FAILED', ...data } };
    default:
      return undefined;
  }
}
