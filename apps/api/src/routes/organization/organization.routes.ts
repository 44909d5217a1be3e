import { createRoute } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { errorResponses } from '../../lib/error-envelope.js';
import { PROTECTED } from '../../http/route-guards.js';
import { OrganizationQuerySchema, OrganizationSchema } from './organization-schemas.js';

const { 400: badRequest, 401: unauthorized, 403: forbidden, 404: notFound } = errorResponses;

/** `guard` is the middleware chain (authentication, rate limit, scope org:read) the app builds. */
export function organizationRoutes(guard: MiddlewareHandler[]) {
  return {
    get: createRoute({
      method: 'get',
      path: '/v1/organization',
      operationId: 'getOrganization',
      tags: ['Organization'],
      summary: "The caller's organization, its license tier and its limits",
      description: 'Scope `org:read`. JWT callers pick one of their `orgs` with `organizationId` (default the first).',
      middleware: guard,
      security: PROTECTED,
      request: { query: OrganizationQuerySchema },
      responses: {
        200: { description: 'The organization', content: { 'application/json': { schema: OrganizationSchema } } },
        400: badRequest,
        401: unauthorized,
        403: forbidden,
        404: notFound,
      },
    }),
  };
}

export type OrganizationRoutes = ReturnType<typeof organizationRoutes>;
