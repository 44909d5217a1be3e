import { createRouter } from '../../lib/create-router.js';
import type { ScenarioCatalog } from '../../scenarios/scenario-catalog.js';
import { scenarioHandlers } from './scenarios.handlers.js';
import { scenarioRoutes } from './scenarios.routes.js';

export function scenariosRouter(catalog: ScenarioCatalog) {
  const handlers = scenarioHandlers(catalog);
  return createRouter().openapi(scenarioRoutes.list, handlers.list).openapi(scenarioRoutes.get, handlers.get);
}
