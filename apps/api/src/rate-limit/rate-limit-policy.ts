import type { Tier } from '../identity/auth-context.js';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../identity/tier-limits.js';
import type { WindowedRouteClass } from './route-class.js';

/** The window and the number of requests one identity may make in it. */
export interface WindowLimit {
  limit: number;
  windowSeconds: number;
}

/** How many requests of a class an identity of a tier may make per window. */
export interface RateLimitPolicy {
  limitFor(tier: Tier, routeClass: WindowedRouteClass): WindowLimit;
  /** The longest window of any tier: a window that started earlier has ended. */
  readonly maxWindowSeconds: number;
}

/** A policy over the tier table (the defaults of docs/api.md, "Rate limits", unless configured); checks every entry once. */
export function tierRateLimitPolicy(tiers: TierLimitsTable = DEFAULT_TIER_LIMITS): RateLimitPolicy {
  for (const [tier, { rateLimits }] of Object.entries(tiers)) {
    for (const [name, value] of Object.entries(rateLimits)) {
      if (!Number.isInteger(value) || value <= 0) throw new Error(`rate limits: ${tier}.${name} must be a positive integer, got ${String(value)}`);
    }
  }
  return {
    maxWindowSeconds: Math.max(...Object.values(tiers).map((t) => t.rateLimits.windowSeconds)),
    limitFor(tier, routeClass) {
      const limits = tiers[tier].rateLimits;
      return { limit: limits[routeClass], windowSeconds: limits.windowSeconds };
    },
  };
}
