import { z } from '@hono/zod-openapi';
import { uuidInput } from '../../lib/id-param.js';
import { TIERS } from '../../identity/auth-context.js';

export const OrganizationQuerySchema = z.object({
  organizationId: uuidInput()
    .optional()
    .openapi({
      param: { name: 'organizationId', in: 'query' },
      description: 'One of the organizations the caller may act for (JWT `orgs`); default the first. An API key has exactly one.',
    }),
});

const RateLimitsSchema = z
  .object({
    windowSeconds: z.number().int().describe('Length of the rate-limit window'),
    create: z.number().int().describe('Create class: POST /v1/simulations*, POST …/decrees'),
    step: z.number().int().describe('Step class: POST …/step (and the PUT playback and policy routes)'),
    read: z.number().int().describe('Read class: every GET'),
  })
  .describe('Requests per window and per identity (API key or JWT user)')
  .openapi('RateLimits');

const WorkLimitsSchema = z
  .object({
    ceiling: z.number().int().describe('Most agent-ticks one request may cost (a history replay: one window); above it 422 WORK_LIMIT_EXCEEDED'),
    perWindow: z.number().int().describe('Agent-ticks per rate-limit window and identity: the compute class'),
  })
  .describe('Engine work, in agent-ticks (docs/api.md, "Engine work")')
  .openapi('WorkLimits');

export const OrganizationSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    tier: z.enum(TIERS).describe('License tier; the limits below follow from it'),
    createdAt: z.string().describe('ISO 8601'),
    limits: z
      .object({
        rateLimits: RateLimitsSchema,
        work: WorkLimitsSchema,
        concurrentStreams: z.number().int().describe('SSE streams open at once across the organization'),
      })
      .openapi('OrganizationLimits'),
  })
  .openapi('Organization', {
    example: {
      id: '3f0c6c3e-8d1a-4f5e-9a1b-2c3d4e5f6a7b',
      name: 'default',
      tier: 'pro',
      createdAt: '2025-01-01T00:00:00.000Z',
      limits: {
        rateLimits: { windowSeconds: 60, create: 300, step: 600, read: 3000 },
        work: { ceiling: 25_000_000, perWindow: 200_000_000 },
        concurrentStreams: 20,
      },
    },
  });
