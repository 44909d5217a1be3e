import { createRouter } from '../../lib/create-router.js';
import { healthHandlers, type HealthDeps } from './health.handlers.js';
import { healthRoutes } from './health.routes.js';

export function healthRouter(deps: HealthDeps) {
  return createRouter().openapi(healthRoutes.get, healthHandlers(deps).get);
}
