import type { RouteHandler } from '@hono/zod-openapi';
import { DEFAULT_POLICY, resolveRules, type ScenarioFile } from '@sim/engine';
import { notFound } from '../../lib/api-error.js';
import { PUBLIC_CACHE_CONTROL } from '../../lib/security-headers.js';
import type { ScenarioCatalog } from '../../scenarios/scenario-catalog.js';
import type { ScenarioRoutes } from './scenarios.routes.js';

export function scenarioHandlers(catalog: ScenarioCatalog) {
  const list: RouteHandler<ScenarioRoutes['list']> = (c) => {
    c.header('Cache-Control', PUBLIC_CACHE_CONTROL);
    return c.json({ data: catalog.list() }, 200);
  };

  const get: RouteHandler<ScenarioRoutes['get']> = (c) => {
    const { id } = c.req.valid('param');
    const file = catalog.get(id);
    if (file === undefined) throw notFound(`Scenario ${id} not found`);
    c.header('Cache-Control', PUBLIC_CACHE_CONTROL);
    return c.json(c.req.valid('query').resolved === 'true' ? resolved(file) : file, 200);
  };

  return { list, get };
}

/**
 * A scenario with every rule and policy parameter the engine would use (docs/api.md,
 * "Pre-built scenarios"): the file's own values, the defaults for the rest.
 */
function resolved(file: ScenarioFile): ScenarioFile {
  return {
    ...file,
    rules: resolveRules(file.rules),
    agents: file.agents.map((agent) => ({ ...agent, policy: { ...DEFAULT_POLICY, ...agent.policy } })),
  };
}
