import { createRouter } from '../../lib/create-router.js';
import { reportBodyRules } from '../../lib/body-rules.js';
import type { RouteGuards } from '../../http/route-guards.js';
import type { SimulationService } from '../../simulations/simulation-service.js';
import { CREATE_BODY_RULES, RUN_BODY_RULES } from './simulation-schemas.js';
import { simulationHandlers } from './simulations.handlers.js';
import { simulationRoutes } from './simulations.routes.js';

export function simulationsRouter(service: SimulationService, guards: RouteGuards) {
  const routes = simulationRoutes(guards);
  const handlers = simulationHandlers(service);
  // Literal paths (/run, /from-domain) come before /{id}; {id} only matches UUIDs anyway.
  return createRouter({ jsonBodies: guards.jsonBodies })
    .openapi(routes.create, handlers.create, reportBodyRules(...CREATE_BODY_RULES))
    .openapi(routes.fromDomain, handlers.fromDomain)
    .openapi(routes.run, handlers.run, reportBodyRules(...RUN_BODY_RULES))
    .openapi(routes.list, handlers.list)
    .openapi(routes.get, handlers.get)
    .openapi(routes.step, handlers.step)
    .openapi(routes.trace, handlers.trace)
    .openapi(routes.stateAt, handlers.stateAt)
    .openapi(routes.agentPolicy, handlers.agentPolicy)
    .openapi(routes.timeControl, handlers.timeControl);
}
