import type { Tier } from './auth-context.js';

/** Requests per window for each rate-limit class of the interface. */
export interface RateLimits {
  windowSeconds: number;
  create: number;
  step: number;
  read: number;
}

/**
 * Engine work, in agent-ticks (see engine-data/work-cost.ts): the most one request may ask
 * (`ceiling`, refused before any work above it) and the most one identity may use per rate-limit
 * window (`perWindow`, the compute class).
 */
export interface WorkLimits {
  ceiling: number;
  perWindow: number;
}

/** Stored bytes (docs/api.md, "Storage budget"): the most one organization keeps. */
export interface StorageLimits {
  quotaBytes: number;
}

/** What an organization of one tier may do. */
export interface TierLimits {
  rateLimits: RateLimits;
  work: WorkLimits;
  /** Open SSE streams at the same time, across the whole organization. */
  concurrentStreams: number;
  /** Bytes a second one SSE stream is sent at most (docs/api.md, "Events", "Limits"). */
  streamBytesPerSecond: number;
  storage: StorageLimits;
}

export type TierLimitsTable = Readonly<Record<Tier, TierLimits>>;

/**
 * The defaults (per 60 s window: Create / Step / Read; concurrent SSE streams; docs/identity.md,
 * "Organizations"), the byte rate of one stream (docs/api.md, "Events", "Limits"), the stored bytes
 * of docs/api.md, "Storage budget" (256 MiB, 8 GiB, 128 GiB), and the work limits of docs/api.md, "Engine work": at the engine's slowest
 * (about 1.4 million agent-ticks a second on one core, 64 attractors) a free request computes for
 * at most ~4 s, a pro one ~18 s, an enterprise one ~70 s.
 */
export const DEFAULT_TIER_LIMITS: TierLimitsTable = {
  free: {
    rateLimits: { windowSeconds: 60, create: 30, step: 60, read: 300 },
    work: { ceiling: 5_000_000, perWindow: 20_000_000 },
    concurrentStreams: 2,
    streamBytesPerSecond: 1_048_576,
    storage: { quotaBytes: 268_435_456 },
  },
  pro: {
    rateLimits: { windowSeconds: 60, create: 300, step: 600, read: 3000 },
    work: { ceiling: 25_000_000, perWindow: 200_000_000 },
    concurrentStreams: 20,
    streamBytesPerSecond: 4_194_304,
    storage: { quotaBytes: 8_589_934_592 },
  },
  enterprise: {
    rateLimits: { windowSeconds: 60, create: 3000, step: 6000, read: 30000 },
    work: { ceiling: 100_000_000, perWindow: 1_000_000_000 },
    concurrentStreams: 200,
    streamBytesPerSecond: 16_777_216,
    storage: { quotaBytes: 137_438_953_472 },
  },
};

/** The largest request any tier may make: a scenario whose single tick costs more can never run. */
export function largestWorkCeiling(tiers: TierLimitsTable): number {
  return Math.max(...Object.values(tiers).map((t) => t.work.ceiling));
}
