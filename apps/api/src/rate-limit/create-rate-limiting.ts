import type { MiddlewareHandler } from 'hono';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../identity/tier-limits.js';
import type { RouteClass } from '../identity/usage-recorder.js';
import type { Clock } from '../lib/clock.js';
import type { ClientIpResolver } from './client-ip.js';
import { rateLimitByIdentity } from './rate-limit-by-identity.js';
import { rateLimitByIp } from './rate-limit-by-ip.js';
import { tierRateLimitPolicy } from './rate-limit-policy.js';
import type { RateLimitStore } from './rate-limit-store.js';
import { RateLimiter } from './rate-limiter.js';

export interface RateLimitingOptions {
  store: RateLimitStore;
  clock: Clock;
  /** Limits per tier; default as docs/api.md, "Rate limits" (free 30/60/300, pro ×10, enterprise ×100 per 60 s). */
  tiers?: TierLimitsTable;
  clientIp?: ClientIpResolver;
  onBackgroundError?: (error: unknown) => void;
}

/** The pieces the app plugs in: see AppExtensions (beforeRoutes, rateLimit) and the SSE routes. */
export interface RateLimiting {
  /** App-wide: IP limiting and the X-RateLimit-* headers of every response. */
  byIp: MiddlewareHandler;
  /** Per protected route, after authentication. */
  byIdentity: (routeClass: RouteClass) => MiddlewareHandler;
  limiter: RateLimiter;
  tiers: TierLimitsTable;
}

export function createRateLimiting(options: RateLimitingOptions): RateLimiting {
  const tiers = options.tiers ?? DEFAULT_TIER_LIMITS;
  const limiter = new RateLimiter({
    store: options.store,
    policy: tierRateLimitPolicy(tiers),
    clock: options.clock,
    ...(options.onBackgroundError ? { onBackgroundError: options.onBackgroundError } : {}),
  });
  // One middleware per class, built once: the chains of all routes of a class share it.
  const perClass = new Map<RouteClass, MiddlewareHandler>();
  return {
    byIp: rateLimitByIp({ limiter, ...(options.clientIp ? { clientIp: options.clientIp } : {}) }),
    byIdentity(routeClass) {
      let middleware = perClass.get(routeClass);
      if (middleware === undefined) perClass.set(routeClass, (middleware = rateLimitByIdentity({ limiter, routeClass })));
      return middleware;
    },
    limiter,
    tiers,
  };
}
