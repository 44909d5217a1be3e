import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

/** Hono wraps a sub-app's handler when the sub-app has its own error handler; look inside. */
const COMPOSED_HANDLER = '__COMPOSED_HANDLER';

/**
 * Whether a route matched by this request has a middleware carrying `marker` in its chain.
 * App-wide middlewares use it to leave to a route's chain what the chain does itself, in its
 * own order (after authentication): the per-identity rate limit, the body limit.
 */
export function matchedRouteCarries(c: Context, marker: symbol): boolean {
  return matchedRoutes(c).some(({ handler }) => {
    const inner = (handler as unknown as Record<string, unknown>)[COMPOSED_HANDLER];
    return marker in handler || (typeof inner === 'function' && marker in inner);
  });
}
