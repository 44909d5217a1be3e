import { createRoute } from '@hono/zod-openapi';
import { errorResponses } from '../../lib/error-envelope.js';
import { DecreeIdParamsSchema, IdParamSchema } from '../../lib/id-param.js';
import { PROTECTED, type RouteGuards } from '../../http/route-guards.js';
import { DECREE_EXAMPLES, DecreeInputSchema, DecreeListQuerySchema, DecreePageSchema, DecreeViewSchema } from './decree-schemas.js';

const tags = ['Decrees'];
const { 400: badRequest, 401: unauthorized, 403: forbidden, 404: notFound, 409: notActive } = errorResponses;

export function decreeRoutes(guards: RouteGuards) {
  return {
    submit: createRoute({
      method: 'post',
      path: '/v1/simulations/{id}/decrees',
      operationId: 'submitDecree',
      tags,
      summary: 'Submit a decree to an active simulation; it applies at the next tick',
      description:
        'The `decree` event reports it when it applies. A decree naming an agent or attractor that does not exist (counting decrees already queued) is 404.',
      middleware: guards.create,
      security: PROTECTED,
      request: { params: IdParamSchema, body: { required: true, content: { 'application/json': { schema: DecreeInputSchema, examples: DECREE_EXAMPLES } } } },
      responses: {
        201: {
          description: 'Queued; `Location` names the decree',
          headers: { Location: { schema: { type: 'string' } } },
          content: { 'application/json': { schema: DecreeViewSchema } },
        },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
        409: notActive,
      },
    }),
    list: createRoute({
      method: 'get',
      path: '/v1/simulations/{id}/decrees',
      operationId: 'listDecrees',
      tags,
      summary: 'The decrees of a simulation, in submission order',
      middleware: guards.read,
      security: PROTECTED,
      request: { params: IdParamSchema, query: DecreeListQuerySchema },
      responses: {
        200: { description: 'A page of decrees', content: { 'application/json': { schema: DecreePageSchema } } },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
      },
    }),
    get: createRoute({
      method: 'get',
      path: '/v1/simulations/{id}/decrees/{decreeId}',
      operationId: 'getDecree',
      tags,
      summary: 'One decree of a simulation: what the `Location` of its 201 names',
      description: 'A decree id of another simulation is 404, as is an unknown one.',
      middleware: guards.read,
      security: PROTECTED,
      request: { params: DecreeIdParamsSchema },
      responses: {
        200: { description: 'The decree', content: { 'application/json': { schema: DecreeViewSchema } } },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
      },
    }),
  };
}

export type DecreeRoutes = ReturnType<typeof decreeRoutes>;
