import type { Tier } from '../identity/auth-context.js';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../identity/tier-limits.js';
import type { RateLimitClass } from './route-class.js';

/** The window and the number of requests one identity may make in it. */
export interface WindowLimit {
  limit: number;
  windowSeconds: number;
}

/** How many requests of a class an identity of a tier may make per window. */
export interface RateLimitPolicy {
  limitFor(tier: Tier, routeClass: RateLimitClass): WindowLimit;
  /** The longest window of any tier: a window that started earlier has ended. */
  readonly maxWindowSeconds: number;
}

/** A policy over the tier table (the defaults of docs/api.md, "Rate limits", unless configured); checks every entry once. */
export function tierRateLimitPolicy(tiers: TierLimitsTable = DEFAULT_TIER_LIMITS): RateLimitPolicy {
  for (const [tier, { rateLimits, work }] of Object.entries(tiers)) {
    for (const [name, value] of Object.entries({ ...rateLimits, workCeiling: work.ceiling, workPerWindow: work.perWindow })) {
      if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`rate limits: ${tier}.${name} must be a positive integer, got ${String(value)}`);
    }
    // A request within the ceiling must be able to fit an empty window.
    if (work.ceiling > work.perWindow)
      throw new Error(`rate limits: ${tier}: the work ceiling (${work.ceiling}) exceeds the work per window (${work.perWindow})`);
  }
  return {
    maxWindowSeconds: Math.max(...Object.values(tiers).map((t) => t.rateLimits.windowSeconds)),
    limitFor(tier, routeClass) {
      const { rateLimits, work } = tiers[tier];
      return { limit: routeClass === 'compute' ? work.perWindow : rateLimits[routeClass], windowSeconds: rateLimits.windowSeconds };
    },
  };
}
