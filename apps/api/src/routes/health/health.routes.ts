import { createRoute, z } from '@hono/zod-openapi';
import { ENGINE_VERSIONS } from '@sim/engine';
import { HEALTH_PATH } from '../../rate-limit/rate-limit-by-ip.js';

const EngineVersion = z.enum(ENGINE_VERSIONS);

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']).describe('`unavailable` (with 503) when the database does not answer'),
    version: z.string().describe('Version of the service'),
    engineVersions: z.array(EngineVersion),
    defaultEngineVersion: EngineVersion,
    database: z.enum(['ok', 'unavailable']),
    uptimeSeconds: z.number().int(),
  })
  .openapi('Health');

export const healthRoutes = {
  get: createRoute({
    method: 'get',
    // The IP limiter gives this path its own bucket: one constant, so the two cannot drift apart.
    path: HEALTH_PATH,
    operationId: 'getHealth',
    tags: ['Health'],
    summary: 'Liveness and versions (public)',
    description:
      'For monitors: limited per client address in a bucket of its own, as large as the enterprise Read limit (default 30 000 per minute), ' +
      'so monitors sharing an address are not refused and do not spend its ordinary bucket. Never cached (`Cache-Control: no-store`).',
    responses: {
      200: { description: 'Healthy', content: { 'application/json': { schema: HealthSchema } } },
      503: { description: 'The database does not answer; same shape', content: { 'application/json': { schema: HealthSchema } } },
    },
  }),
};

export type HealthRoutes = typeof healthRoutes;
