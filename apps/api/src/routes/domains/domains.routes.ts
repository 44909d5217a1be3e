import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses } from '../../lib/error-envelope.js';

export const DomainSchema = z
  .object({
    id: z.string(),
    label: z.string(),
    description: z.string(),
    inputSchema: z.record(z.string(), z.unknown()).describe('JSON Schema of `input` for POST /v1/simulations/from-domain'),
    stateSchema: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe(
        "JSON Schema of `state.domain`, the domain model's state in the domain's own units, in every state, trace step and tick event of a simulation made from this domain (engine 1.4.0 on); null for a domain without a model",
      ),
    example: z.unknown().describe('A valid `input`'),
  })
  .openapi('Domain');

const tags = ['Domains'];

export const domainRoutes = {
  list: createRoute({
    method: 'get',
    path: '/v1/domains',
    operationId: 'listDomains',
    tags,
    summary: 'The domain adapters (public)',
    responses: {
      200: { description: 'Every adapter', content: { 'application/json': { schema: z.object({ data: z.array(DomainSchema) }).openapi('DomainList') } } },
    },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/domains/{id}',
    operationId: 'getDomain',
    tags,
    summary: 'One domain adapter (public)',
    request: {
      params: z.object({
        id: z
          .string()
          .min(1)
          .max(100)
          .openapi({ param: { name: 'id', in: 'path' } }),
      }),
    },
    responses: { 200: { description: 'The adapter', content: { 'application/json': { schema: DomainSchema } } }, 404: errorResponses[404] },
  }),
};

export type DomainRoutes = typeof domainRoutes;
