import type { RouteHandler } from '@hono/zod-openapi';
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
    return c.json(file, 200);
  };

  return { list, get };
}
