import { z } from '@hono/zod-openapi';
import { IdParamSchema } from '../../lib/id-param.js';
import { DecreeInputSchema } from '../decrees/decree-schemas.js';
import { AgentPolicyBodySchema, ForkOriginSchema } from '../simulations/simulation-schemas.js';
import { STABILITY_SERIES_POINTS } from '../../simulations/compare-runs.js';

/** At most this many decrees and policy changes in one fork request. */
const MAX_FORK_INPUTS = 100;

export const ForkBodySchema = z
  .object({
    atTick: z.number().int().min(0).optional().describe('The last tick the fork shares with its parent, 0 to the parent’s current tick; default the current tick'),
    decrees: z.array(DecreeInputSchema).max(MAX_FORK_INPUTS).optional().describe('Decrees applied at atTick + 1, in this order (each as the body of POST …/decrees)'),
    policies: z.array(AgentPolicyBodySchema).max(MAX_FORK_INPUTS).optional().describe('Agent-policy changes applied at atTick + 1, after the decrees, in this order (each as the body of PUT …/agent-policy)'),
  })
  .strict()
  .openapi('ForkRequest', {
    example: { atTick: 40, decrees: [{ type: 'shock', payload: { x: 12, y: 12, radius: 4, magnitude: 0.5 } }], policies: [{ agentId: 'agent-1', policy: { lambda: 0.8 } }] },
  });

export const LineageEntrySchema = z
  .object({
    id: z.uuid(),
    atTick: z.number().int().describe('For an ancestor: the tick the next simulation down the line branched off it. For a fork: the tick it branched at.'),
    createdAt: z.iso.datetime(),
  })
  .openapi('LineageEntry');

export const LineageSchema = z
  .object({
    id: z.uuid(),
    parent: ForkOriginSchema.nullable(),
    ancestors: z.array(LineageEntrySchema).describe('Root first, the parent last; empty for a simulation that is no fork'),
    forks: z.array(LineageEntrySchema).describe('Direct forks, oldest first'),
  })
  .openapi('Lineage');

export const CompareParamsSchema = IdParamSchema.extend({
  otherId: z.uuid().openapi({ param: { name: 'otherId', in: 'path' }, example: '0b6e8f52-4c1d-4e7a-9f3b-2a5c7d9e1f40' }),
});

const ProphecyMarkSchema = z.object({ id: z.uuid(), seq: z.number().int(), tick: z.number().int() }).openapi('ProphecyMark');

const ComparedRunSchema = z
  .object({
    id: z.uuid(),
    tick: z.number().int().describe('Its current tick'),
    paradoxes: z.array(
      z.object({ tick: z.number().int(), kind: z.string(), attractor: z.string(), prophecy: ProphecyMarkSchema.describe('The prophecy the paradox contradicts') }),
    ),
    prophecies: z.array(ProphecyMarkSchema).describe('The prophecies made in the range (ids as GET …/prophecies gives them)'),
  })
  .openapi('ComparedRun');

export const ComparisonSchema = z
  .object({
    range: z.object({ fromTick: z.number().int(), toTick: z.number().int() }).describe('The ticks both have computed: 1 to the smaller current tick (0…0 when either has none)'),
    firstDifferenceTick: z.number().int().nullable().describe('The first tick whose trace steps differ, byte for byte; null when none in the range does'),
    attractors: z.array(z.object({ id: z.string(), lossTick: z.object({ simulation: z.number().int().nullable(), other: z.number().int().nullable() }) })),
    simulation: ComparedRunSchema,
    other: ComparedRunSchema,
    stability: z
      .object({
        sampled: z.boolean().describe(`True when the range has more than ${STABILITY_SERIES_POINTS} ticks and the series are sampled`),
        ticks: z.array(z.number().int()).describe(`The ticks of both series: every tick of the range, or ${STABILITY_SERIES_POINTS} evenly spread (first and last included)`),
        simulation: z.array(z.number()),
        other: z.array(z.number()),
      })
      .describe('Stability b of both at the same ticks'),
  })
  .openapi('Comparison');
