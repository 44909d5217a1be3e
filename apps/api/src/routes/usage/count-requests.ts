import type { MiddlewareHandler } from 'hono';
import type { RouteClass, UsageRecorder } from '../../identity/usage-recorder.js';

/**
 * Counts an authenticated request of `routeClass` for the caller's default organization. Put it
 * in a protected route's chain after authentication; it costs one in-memory increment.
 * Requests refused by authentication are not counted (no organization is known for them).
 */
export function countRequests(recorder: UsageRecorder, routeClass: RouteClass): MiddlewareHandler {
  return async function countRequestsMiddleware(c, next) {
    const organizationId = c.var.auth.organizationIds[0];
    if (organizationId !== undefined) recorder.recordRequest(organizationId, routeClass);
    await next();
  };
}
