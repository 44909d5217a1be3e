import { createRouter } from '../../lib/create-router.js';
import type { RouteGuards } from '../../http/route-guards.js';
import type { SimulationService } from '../../simulations/simulation-service.js';
import { prophecyHandlers } from './prophecies.handlers.js';
import { prophecyRoutes } from './prophecies.routes.js';

export function propheciesRouter(service: SimulationService, guards: RouteGuards) {
  const routes = prophecyRoutes(guards);
  return createRouter().openapi(routes.list, prophecyHandlers(service).list);
}
