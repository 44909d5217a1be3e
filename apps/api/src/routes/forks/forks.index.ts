import { createRouter } from '../../lib/create-router.js';
import type { RouteGuards } from '../../http/route-guards.js';
import type { SimulationForks } from '../../simulations/simulation-forks.js';
import { forkHandlers } from './forks.handlers.js';
import { forkRoutes } from './forks.routes.js';

export function forksRouter(forks: SimulationForks, guards: RouteGuards) {
  const routes = forkRoutes(guards);
  const handlers = forkHandlers(forks);
  return createRouter({ jsonBodies: guards.jsonBodies })
    .openapi(routes.fork, handlers.fork)
    .openapi(routes.lineage, handlers.lineage)
    .openapi(routes.compare, handlers.compare);
}
