import { createRoute, z } from '@hono/zod-openapi';
import { AgentSchema, InitialStateSchema, NodeLabelsSchema, RulesSchema } from '@sim/engine';
import { errorResponses } from '../../lib/error-envelope.js';

export const ScenarioSummarySchema = z
  .object({
    id: z.string(),
    label: z.string().describe('Human-readable name'),
    seed: z.number().describe('Default random seed'),
    tags: z.array(z.string()),
    note: z.string().describe('Brief description'),
  })
  .openapi('ScenarioSummary');

export const ScenarioSchema = ScenarioSummarySchema.extend({
  initialState: InitialStateSchema,
  agents: z.array(AgentSchema),
  nodeLabels: NodeLabelsSchema,
  rules: RulesSchema,
}).openapi('Scenario');

const tags = ['Scenarios'];

export const scenarioRoutes = {
  list: createRoute({
    method: 'get',
    path: '/v1/scenarios',
    tags,
    summary: 'The pre-built scenarios (public)',
    responses: { 200: { description: 'Every scenario, by id', content: { 'application/json': { schema: z.object({ data: z.array(ScenarioSummarySchema) }).openapi('ScenarioList') } } } },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/scenarios/{id}',
    tags,
    summary: 'One pre-built scenario (public)',
    request: { params: z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' }, example: 'calm-equilibrium' }) }) },
    responses: { 200: { description: 'The scenario', content: { 'application/json': { schema: ScenarioSchema } } }, 404: errorResponses[404] },
  }),
};

export type ScenarioRoutes = typeof scenarioRoutes;
