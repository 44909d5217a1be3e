import { z } from '@hono/zod-openapi';
import { DomainStateSchema } from '@sim/engine';
import { IdParamSchema, uuidInput } from '../../lib/id-param.js';
import { DecreeInputSchema } from '../decrees/decree-schemas.js';
import { AgentPolicyBodySchema, ForkOriginSchema } from '../simulations/simulation-schemas.js';
import { COMPARED_LIST_LIMIT, DOMAIN_SERIES_POINTS, STABILITY_SERIES_POINTS } from '../../simulations/compare-runs.js';
import { SeedSchema } from '../../lib/seed-schema.js';

/** At most this many decrees and policy changes in one fork request. */
const MAX_FORK_INPUTS = 100;

export const ForkBodySchema = z
  .object({
    atTick: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('The last tick the fork shares with its parent, 0 to the parent’s current tick; default the current tick'),
    seed: SeedSchema.optional().describe(
      'Reseeds the fork at atTick + 1, before its decrees: its random streams restart from this seed, so its future is another draw of its parent’s (docs/api.md, "Forks"). Without it the fork draws what its parent draws.',
    ),
    decrees: z
      .array(DecreeInputSchema)
      .max(MAX_FORK_INPUTS)
      .optional()
      .describe('Decrees applied at atTick + 1, in this order (each as the body of POST …/decrees)'),
    policies: z
      .array(AgentPolicyBodySchema)
      .max(MAX_FORK_INPUTS)
      .optional()
      .describe('Agent-policy changes applied at atTick + 1, after the decrees, in this order (each as the body of PUT …/agent-policy)'),
  })
  .strict()
  .openapi('ForkRequest', {
    example: {
      atTick: 40,
      seed: 7,
      decrees: [{ type: 'shock', payload: { x: 12, y: 12, radius: 4, magnitude: 0.5 } }],
      policies: [{ agentId: 'agent-1', policy: { lambda: 0.8 } }],
    },
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
  .openapi('Lineage', {
    // A fork of tiny-valley at tick 6, which was itself forked at tick 8.
    example: {
      id: 'e4b22f7b-f00c-4af6-ba27-f7579a92b6b9',
      parent: { id: 'd47d546e-9f67-4016-891d-dfe36abd2e21', atTick: 6 },
      ancestors: [{ id: 'd47d546e-9f67-4016-891d-dfe36abd2e21', atTick: 6, createdAt: '2026-11-24T12:47:29.006Z' }],
      forks: [{ id: '5fe463ab-03e5-4502-bdbf-c325bfdcbe48', atTick: 8, createdAt: '2026-11-24T12:47:29.152Z' }],
    },
  });

export const CompareParamsSchema = IdParamSchema.extend({
  otherId: uuidInput().openapi({ param: { name: 'otherId', in: 'path' }, example: '0b6e8f52-4c1d-4e7a-9f3b-2a5c7d9e1f40' }),
});

const ProphecyMarkSchema = z.object({ id: z.uuid(), seq: z.number().int(), tick: z.number().int() }).openapi('ProphecyMark');

const ComparedRunSchema = z
  .object({
    id: z.uuid(),
    tick: z.number().int().describe('Its current tick'),
    paradoxes: z
      .array(
        z.object({
          tick: z.number().int(),
          kind: z.string(),
          attractor: z.string(),
          prophecy: ProphecyMarkSchema.describe('The prophecy the paradox contradicts'),
        }),
      )
      .describe(`The paradoxes of the range, in order: the first ${COMPARED_LIST_LIMIT}`),
    paradoxCount: z.number().int().describe('How many paradoxes the range holds (more than the list when it reached its limit)'),
    prophecies: z
      .array(ProphecyMarkSchema)
      .describe(`The prophecies made in the range, in order (ids as GET …/prophecies gives them): the first ${COMPARED_LIST_LIMIT}`),
    prophecyCount: z
      .number()
      .int()
      .describe('How many prophecies were made in the range (more than the list when it reached its limit; GET …/prophecies pages through all)'),
  })
  .openapi('ComparedRun');

export const ComparisonSchema = z
  .object({
    range: z
      .object({ fromTick: z.number().int(), toTick: z.number().int() })
      .describe('The ticks both have computed: 1 to the smaller current tick (0…0 when either has none)'),
    firstDifferenceTick: z.number().int().nullable().describe('The first tick whose trace steps differ, byte for byte; null when none in the range does'),
    attractors: z.array(z.object({ id: z.string(), lossTick: z.object({ simulation: z.number().int().nullable(), other: z.number().int().nullable() }) })),
    simulation: ComparedRunSchema,
    other: ComparedRunSchema,
    stability: z
      .object({
        sampled: z.boolean().describe(`True when the range has more than ${STABILITY_SERIES_POINTS} ticks and the series are sampled`),
        ticks: z
          .array(z.number().int())
          .describe(`The ticks of both series: every tick of the range, or ${STABILITY_SERIES_POINTS} evenly spread (first and last included)`),
        simulation: z.array(z.number()),
        other: z.array(z.number()),
      })
      .describe('Stability b of both at the same ticks'),
    domain: z
      .object({
        sampled: z.boolean().describe(`True when the range has more than ${DOMAIN_SERIES_POINTS} ticks and the series are sampled`),
        ticks: z
          .array(z.number().int())
          .describe(`The ticks of both series: every tick of the range, or ${DOMAIN_SERIES_POINTS} evenly spread (first and last included)`),
        simulation: z.array(DomainStateSchema.nullable()),
        other: z.array(DomainStateSchema.nullable()).describe('null where a run has no domain model'),
      })
      .optional()
      .describe("`state.domain` of both at the same ticks, in the domain's units; present when either run has a domain model (engine 1.4.0 on)"),
  })
  .openapi('Comparison', {
    // tiny-valley at tick 12 against its fork at tick 6 with a shock on well-a, stepped to tick 10:
    // the shock takes well-a at tick 7, against prophecy 1's forecast that it would stand.
    example: {
      range: { fromTick: 1, toTick: 10 },
      firstDifferenceTick: 7,
      attractors: [
        { id: 'well-a', lossTick: { simulation: null, other: 7 } },
        { id: 'well-b', lossTick: { simulation: null, other: null } },
      ],
      simulation: {
        id: 'd47d546e-9f67-4016-891d-dfe36abd2e21',
        tick: 12,
        paradoxes: [],
        paradoxCount: 0,
        prophecyCount: 2,
        prophecies: [
          { id: '3dcbb33b-5285-5a28-803e-92a006634c33', seq: 1, tick: 5 },
          { id: '3c867e62-3ec9-5c87-a519-d0ded2a3af2e', seq: 2, tick: 10 },
        ],
      },
      other: {
        id: 'e4b22f7b-f00c-4af6-ba27-f7579a92b6b9',
        tick: 10,
        paradoxes: [{ tick: 7, kind: 'unforeseen', attractor: 'well-a', prophecy: { id: 'f02ef306-5adb-598c-8124-d40b4d8ff71d', seq: 1, tick: 5 } }],
        paradoxCount: 1,
        prophecyCount: 2,
        prophecies: [
          { id: 'f02ef306-5adb-598c-8124-d40b4d8ff71d', seq: 1, tick: 5 },
          { id: '1861da2a-f9b9-5dc5-8ded-7de5bac6ea61', seq: 2, tick: 10 },
        ],
      },
      stability: {
        sampled: false,
        ticks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        simulation: [0.848, 0.823, 0.798, 0.85, 0.835, 0.862, 0.903, 0.897, 0.906, 0.934],
        other: [0.848, 0.823, 0.798, 0.85, 0.835, 0.862, 0.47, 0.472, 0.476, 0.492],
      },
    },
  });
