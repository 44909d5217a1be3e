import type { Tier } from './auth-context.js';

/** Requests per window for each rate-limit class of the interface. */
export interface RateLimits {
  windowSeconds: number;
  create: number;
  step: number;
  read: number;
}

/** What an organization of one tier may do. */
export interface TierLimits {
  rateLimits: RateLimits;
  /** Open SSE streams at the same time, across the whole organization. */
  concurrentStreams: number;
}

export type TierLimitsTable = Readonly<Record<Tier, TierLimits>>;

/** The defaults (per 60 s window: Create / Step / Read; concurrent SSE streams): docs/identity.md, "Organizations". */
export const DEFAULT_TIER_LIMITS: TierLimitsTable = {
  free: { rateLimits: { windowSeconds: 60, create: 30, step: 60, read: 300 }, concurrentStreams: 2 },
  pro: { rateLimits: { windowSeconds: 60, create: 300, step: 600, read: 3000 }, concurrentStreams: 20 },
  enterprise: { rateLimits: { windowSeconds: 60, create: 3000, step: 6000, read: 30000 }, concurrentStreams: 200 },
};
