import type { MiddlewareHandler } from 'hono';
import type { AuthContext } from '../identity/auth-context.js';
import type { RouteClass, UsageRecorder } from '../identity/usage-recorder.js';
import { beforeNext } from '../lib/in-sequence.js';

/** Counts one request of `routeClass` for the caller's default organization, as every request is counted (docs/identity.md, "Routes"). */
export function countForCaller(recorder: UsageRecorder | undefined, auth: AuthContext, routeClass: RouteClass): void {
  const organizationId = auth.organizationIds[0];
  if (organizationId !== undefined) recorder?.recordRequest(organizationId, routeClass);
}

/**
 * Counts a request of `routeClass` for the caller's default organization. Put it in a protected
 * route's chain after authentication, rate limit and scope, so only requests that are served get
 * counted; it costs one in-memory increment.
 */
export function countRequests(recorder: UsageRecorder, routeClass: RouteClass): MiddlewareHandler {
  return beforeNext((c) => countForCaller(recorder, c.get('auth'), routeClass));
}
