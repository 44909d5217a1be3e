import { createRoute, z } from '@hono/zod-openapi';
import { ProphecyDataSchema } from '@sim/engine';
import { errorResponses } from '../../lib/error-envelope.js';
import { IdParamSchema } from '../../lib/id-param.js';
import { OrderQuerySchema, paginated, PaginationQuerySchema } from '../../lib/pagination.js';
import { PROTECTED, type RouteGuards } from '../../http/route-guards.js';

export const ProphecySchema = z
  .object({
    id: z.uuid().describe('Derived from the simulation id and the prophecy sequence number'),
    simulationId: z.uuid(),
    tick: z.number().int().describe('The tick the prophecy was made at'),
    data: ProphecyDataSchema.meta({
      id: 'ProphecyData',
      description:
        '`schema` names the shape: prophecy/1 (engine 1.0.0), prophecy/2 (engine 1.1.0) or prophecy/3 (engine 1.2.0: attribution, intervals, fixed point) or prophecy/4 (engine 1.3.0: paired intervals, inconclusive verdicts, reign, fixed-point roots)',
    }),
    createdAt: z.iso.datetime(),
  })
  .openapi('Prophecy');

const { 400: badRequest, 401: unauthorized, 403: forbidden, 404: notFound } = errorResponses;

export function prophecyRoutes(guards: RouteGuards) {
  return {
    list: createRoute({
      method: 'get',
      path: '/v1/simulations/{id}/prophecies',
      operationId: 'listProphecies',
      tags: ['Prophecies'],
      summary: 'The prophecies the engine made for a simulation (read-only)',
      middleware: guards.read,
      security: PROTECTED,
      request: { params: IdParamSchema, query: PaginationQuerySchema.extend(OrderQuerySchema.shape) },
      responses: {
        200: { description: 'A page of prophecies', content: { 'application/json': { schema: paginated(ProphecySchema, 'ProphecyPage') } } },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
      },
    }),
  };
}

export type ProphecyRoutes = ReturnType<typeof prophecyRoutes>;
