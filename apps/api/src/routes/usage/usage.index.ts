import type { MiddlewareHandler } from 'hono';
import type { UsageReader } from '../../identity/usage-recorder.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { createRouter } from '../../lib/create-router.js';
import { usageHandlers } from './usage.handlers.js';
import { usageRoutes } from './usage.routes.js';

export interface UsageRouterOptions {
  usage: UsageReader;
  /** Authentication, rate limit and `requireScope('usage:read')`, in that order. */
  guard: MiddlewareHandler[];
  clock?: Clock;
}

export function usageRouter(options: UsageRouterOptions) {
  const routes = usageRoutes(options.guard);
  const handlers = usageHandlers(options.usage, options.clock ?? systemClock);
  return createRouter().openapi(routes.get, handlers.get);
}
