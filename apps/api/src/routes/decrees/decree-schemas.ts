import { z } from '@hono/zod-openapi';
import { DECREE_PAYLOADS, DECREE_TYPES, DecreeSchema } from '@sim/engine';
import { OrderQuerySchema, paginated, PaginationQuerySchema } from '../../lib/pagination.js';

/**
 * The engine's union of decree types, discriminated by `type`; each payload has its own schema.
 * Engine schemas are named with `.meta({ id })` (zod's global registry, which the OpenAPI
 * generator reads): `.openapi()` exists only on the zod instance @hono/zod-openapi extended.
 */
export const DecreeInputSchema = DecreeSchema.meta({
  id: 'DecreeInput',
  description: 'A decree, applied at the start of the next tick. One variant per `type`, each with its payload schema.',
});

/** One example per decree type, for the request body of POST decrees. */
export const DECREE_EXAMPLES = Object.fromEntries(
  DECREE_TYPES.map((type) => [type, { summary: DECREE_PAYLOADS[type].summary, value: { type, payload: DECREE_PAYLOADS[type].example } }]),
);

export const DecreeViewSchema = z
  .object({
    id: z.uuid(),
    simulationId: z.uuid(),
    type: z.enum(DECREE_TYPES as [string, ...string[]]),
    payload: z.record(z.string(), z.unknown()),
    tick: z.number().int().describe('The tick at which the decree applies (the one after the tick current when it was submitted)'),
    createdAt: z.iso.datetime(),
  })
  .openapi('Decree');

export const DecreeListQuerySchema = PaginationQuerySchema.extend(OrderQuerySchema.shape);
export const DecreePageSchema = paginated(DecreeViewSchema, 'DecreePage');
