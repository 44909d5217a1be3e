import { createRoute } from '@hono/zod-openapi';
import { errorResponses } from '../../lib/error-envelope.js';
import { IdParamSchema } from '../../lib/id-param.js';
import { PROTECTED, type RouteGuards } from '../../http/route-guards.js';
import { created, json } from '../simulations/simulations.routes.js';
import { CompareParamsSchema, ComparisonSchema, ForkBodySchema, LineageSchema } from './fork-schemas.js';

const tags = ['Forks'];
const { 400: badRequest, 401: unauthorized, 403: forbidden, 404: notFound, 409: conflict, 413: tooLarge } = errorResponses;

export function forkRoutes(guards: RouteGuards) {
  return {
    fork: createRoute({
      method: 'post',
      path: '/v1/simulations/{id}/forks',
      operationId: 'forkSimulation',
      tags,
      summary: 'Branch a simulation at a past tick, optionally with decrees and policy changes',
      description:
        'A new simulation of the same organization whose history up to `atTick` is its parent’s, byte for byte, and whose future is its own. ' +
        'It costs the replay of the parent up to `atTick`, and waits in the engine’s queue like an engine read. 409 for a failed parent, and for inputs on a fork at the tick its parent completed.',
      middleware: guards.engineCreate,
      security: PROTECTED,
      request: { params: IdParamSchema, body: json(ForkBodySchema) },
      responses: {
        201: created,
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
        409: conflict,
        413: tooLarge,
      },
    }),
    lineage: createRoute({
      method: 'get',
      path: '/v1/simulations/{id}/lineage',
      operationId: 'getLineage',
      tags,
      summary: 'The ancestors and direct forks of a simulation',
      middleware: guards.read,
      security: PROTECTED,
      request: { params: IdParamSchema },
      responses: {
        200: { description: 'The lineage', content: { 'application/json': { schema: LineageSchema } } },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
      },
    }),
    compare: createRoute({
      method: 'get',
      path: '/v1/simulations/{id}/compare/{otherId}',
      operationId: 'compareSimulations',
      tags,
      summary: 'Compare two simulations over the ticks both have computed',
      description:
        'Both are replayed over the common range, in step, with memory that stays flat however long the range (the cost of both replays). Both must be readable by the caller.',
      middleware: guards.engineRead,
      security: PROTECTED,
      request: { params: CompareParamsSchema },
      responses: {
        200: { description: 'The comparison', content: { 'application/json': { schema: ComparisonSchema } } },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
      },
    }),
  };
}

export type ForkRoutes = ReturnType<typeof forkRoutes>;
