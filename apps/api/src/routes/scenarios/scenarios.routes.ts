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
    operationId: 'listScenarios',
    tags,
    summary: 'The pre-built scenarios (public)',
    responses: { 200: { description: 'Every scenario, by id', content: { 'application/json': { schema: z.object({ data: z.array(ScenarioSummarySchema) }).openapi('ScenarioList') } } } },
  }),
  get: createRoute({
    method: 'get',
    path: '/v1/scenarios/{id}',
    operationId: 'getScenario',
    tags,
    summary: 'One pre-built scenario (public)',
    description:
      'The scenario file as written, with the defaults of its top-level fields (tags, note, nodeLabels, rules) and of each agent (policy, attractorPreferences). `?resolved=true` fills in what the engine would use too: every rule (its default when the file leaves it out; warningThresholds sorted high to low) and every agent policy parameter (lambda, gamma, belief).',
    request: {
      params: z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' }, example: 'calm-equilibrium' }) }),
      query: z.object({
        resolved: z
          .enum(['true', 'false'])
          .optional()
          .openapi({ param: { name: 'resolved', in: 'query' }, description: 'true: every rule and policy parameter filled in with its default; false (default): as written' }),
      }),
    },
    responses: { 200: { description: 'The scenario', content: { 'application/json': { schema: ScenarioSchema } } }, 400: errorResponses[400], 404: errorResponses[404] },
  }),
};

export type ScenarioRoutes = typeof scenarioRoutes;
