import { createRouter } from '../../lib/create-router.js';
import type { RouteGuards } from '../../http/route-guards.js';
import type { SimulationService } from '../../simulations/simulation-service.js';
import { decreeHandlers } from './decrees.handlers.js';
import { decreeRoutes } from './decrees.routes.js';

export function decreesRouter(service: SimulationService, guards: RouteGuards) {
  const routes = decreeRoutes(guards);
  const handlers = decreeHandlers(service);
  return createRouter({ jsonBodies: guards.jsonBodies })
    .openapi(routes.submit, handlers.submit)
    .openapi(routes.list, handlers.list)
    .openapi(routes.get, handlers.get);
}
