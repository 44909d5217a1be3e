import { z } from 'zod';
import { AgentSchema } from './agent.js';
import { AttractorSchema } from './attractor.js';
import { EntityIdSchema } from './identifier.js';
import { NUMERIC_RULES, NUMERIC_RULE_NAMES, type NumericRuleName } from './rules.js';

const coordinate = z.number();

/**
 * Every decree type with its payload schema and an example; the union below is built from it.
 *
 * @example
 * DECREE_PAYLOADS.shock.schema.parse(DECREE_PAYLOADS.shock.example);
 */
export const DECREE_PAYLOADS = {
  shock: {
    schema: z
      .object({
        x: coordinate,
        y: coordinate,
        radius: z.number().gt(0).max(512).describe('Reach of the shock, in cells'),
        magnitude: z.number().gt(0).max(10).describe('Depth removed at the centre, as a fraction of each basin initial depth'),
      })
      .strict(),
    example: { x: 12, y: 8, radius: 6, magnitude: 0.4 },
    summary: 'A shock to the field: erodes basins near the point and pushes agents away from it',
  },
  'add-attractor': {
    schema: AttractorSchema,
    example: { id: 'new-well', x: 4, y: 4, depth: 3, radius: 3, capacity: 20 },
    summary: 'Adds an attractor (its id must be new for the life of the simulation)',
  },
  'move-attractor': {
    schema: z.object({ id: EntityIdSchema, x: coordinate, y: coordinate }).strict(),
    example: { id: 'well-a', x: 10, y: 10 },
    summary: 'Moves a live attractor',
  },
  'remove-attractor': {
    schema: z.object({ id: EntityIdSchema }).strict(),
    example: { id: 'well-a' },
    summary: 'Removes an attractor (not a basin loss: no loss event)',
  },
  'add-agent': {
    schema: AgentSchema,
    example: { id: 'newcomer', marker: { x: 2, y: 3 }, policy: { lambda: 0.5, gamma: 1 }, attractorPreferences: {} },
    summary: 'Adds an agent (its id must not be taken by a live agent)',
  },
  'move-agent': {
    schema: z.object({ id: EntityIdSchema, x: coordinate, y: coordinate }).strict(),
    example: { id: 'agent-1', x: 5, y: 5 },
    summary: 'Moves an agent and stops it',
  },
  'remove-agent': {
    schema: z.object({ id: EntityIdSchema }).strict(),
    example: { id: 'agent-1' },
    summary: 'Removes an agent',
  },
  'set-rule': {
    schema: z
      .object({
        rule: z.enum(NUMERIC_RULE_NAMES as [NumericRuleName, ...NumericRuleName[]]).describe('Name of a numeric rule'),
        value: z.number(),
      })
      .strict()
      .superRefine((payload, ctx) => {
        const result = NUMERIC_RULES[payload.rule].safeParse(payload.value);
        if (!result.success) {
          for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: ['value'], message: issue.message });
        }
      }),
    example: { rule: 'reflexivity', value: 0.9 },
    summary: 'Changes one numeric rule from the next tick on',
  },
} as const;

/**
 * The name of a decree type.
 *
 * @example
 * const type: DecreeType = 'add-agent';
 */
export type DecreeType = keyof typeof DECREE_PAYLOADS;
/**
 * Every decree type, in a fixed order.
 *
 * @example
 * DECREE_TYPES.includes('shock'); // true
 */
export const DECREE_TYPES = Object.keys(DECREE_PAYLOADS) as DecreeType[];

type DecreeVariant<T extends DecreeType> = z.ZodObject<{
  type: z.ZodLiteral<T>;
  payload: (typeof DECREE_PAYLOADS)[T]['schema'];
}>;

function variant<T extends DecreeType>(type: T): DecreeVariant<T> {
  const entry = DECREE_PAYLOADS[type];
  return z
    .object({ type: z.literal(type), payload: entry.schema })
    .strict()
    .describe(entry.summary) as unknown as DecreeVariant<T>;
}

/**
 * An external intervention, queued and applied at the start of the next tick in the order
 * received. A union discriminated by `type`.
 *
 * @example
 * DecreeSchema.parse({ type: 'shock', payload: { x: 3, y: 4, radius: 5, magnitude: 0.5 } });
 */
export const DecreeSchema = z.discriminatedUnion('type', [
  variant('shock'),
  variant('add-attractor'),
  variant('move-attractor'),
  variant('remove-attractor'),
  variant('add-agent'),
  variant('move-agent'),
  variant('remove-agent'),
  variant('set-rule'),
]);
/**
 * A decree with defaults filled in.
 *
 * @example
 * const decree: Decree = DecreeSchema.parse({ type: 'remove-agent', payload: { id: 'a1' } });
 */
export type Decree = z.infer<typeof DecreeSchema>;
/**
 * A decree as a caller may write it.
 *
 * @example
 * sim.decree({ type: 'set-rule', payload: { rule: 'reflexivity', value: 0.9 } } satisfies DecreeInput);
 */
export type DecreeInput = z.input<typeof DecreeSchema>;
