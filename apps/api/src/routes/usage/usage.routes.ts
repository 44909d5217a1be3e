import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { errorResponses } from '../../lib/error-envelope.js';
import { PROTECTED } from '../../http/route-guards.js';
import { UsageQuerySchema, UsageSchema } from './usage-schemas.js';

const { 400: badRequest, 401: unauthorized, 403: forbidden } = errorResponses;

/** `guard` is the middleware chain (authentication, rate limit, scope usage:read) the app builds. */
export function usageRoutes(guard: MiddlewareHandler[]) {
  return {
    get: createRoute({
      method: 'get',
      path: '/v1/usage',
      operationId: 'getUsage',
      tags: ['Organization'],
      summary: "An organization's usage per UTC day",
      description:
        'Scope `usage:read`. Simulations created, ticks computed and authenticated requests by route class, per UTC day. ' +
        'Counts are buffered in memory for up to a second before they are stored; a reply includes everything this server has recorded.',
      middleware: guard,
      security: PROTECTED,
      request: { query: UsageQuerySchema },
      responses: {
        200: { description: 'Usage per day and totals', content: { 'application/json': { schema: UsageSchema } } },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
      },
    }),
  };
}

export type UsageRoutes = ReturnType<typeof usageRoutes>;
