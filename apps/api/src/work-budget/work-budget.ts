import type { AuthContext, Tier } from '../identity/auth-context.js';
import { largestWorkCeiling, type TierLimitsTable } from '../identity/tier-limits.js';
import type { RateLimitDecision, RateLimiter } from '../rate-limit/rate-limiter.js';
import type { WorkEstimate } from '../engine-data/work-cost.js';
import type { PlaybackAsk } from './playback-ask.js';
import { computeLimitedError, playbackRateError, playbackTickError, workCeilingError } from './work-errors.js';

/** What a request tells the service about itself when it may run the engine. */
export interface WorkRequest {
  auth: AuthContext;
  /** Aborts when the client goes away; the engine work it caused stops. */
  signal?: AbortSignal | undefined;
  /** Told the compute decision (for the X-RateLimit-Compute-* headers, or the 429's). */
  onDecision?: ((decision: RateLimitDecision) => void) | undefined;
}

export interface AdmitOptions {
  history?: boolean;
  /**
   * The request is an experiment and `estimate` is all its runs together; this is its costliest
   * run. Each run is held to the per-request ceiling, as a `run` request of its ticks would be,
   * and all of them to the compute window, from which the whole cost is drawn at once
   * (docs/api.md, "Experiments", "Limits").
   */
  experimentRun?: WorkEstimate;
}

/**
 * Decides, before any engine work, whether a request may have it: above the tier's ceiling it is
 * refused outright (422 WORK_LIMIT_EXCEEDED); otherwise its cost is drawn from the identity's
 * compute window (429 RATE_LIMITED, class `compute`, when the window has not that much left).
 */
export interface WorkBudget {
  /**
   * `history`: the request replays a simulation's whole history (a trace read, a resumed event
   * stream). That history was built by requests each within the ceiling, and a replay cannot be
   * split, so its ceiling is the tier's whole window instead of the per-request ceiling.
   */
  admit(request: WorkRequest, estimate: WorkEstimate, options?: AdmitOptions): Promise<void>;
  /**
   * `play` (docs/api.md, "Playback and the work budget"): refused with 422 WORK_LIMIT_EXCEEDED
   * when one tick of it costs more than the tier's per-request ceiling, or when the identity's
   * playing simulations, this one included, cost more a second than the tier's compute window
   * spread over the window.
   */
  admitPlayback(request: WorkRequest, ask: PlaybackAsk): void;
  /**
   * Draws the ticks a playback clock is about to compute from its payer's compute window.
   * False (nothing drawn) when the window has less left: the playback pauses.
   */
  chargePlayback(payer: { identity: string; tier: Tier }, estimate: WorkEstimate): Promise<boolean>;
  /** The highest ceiling of any tier: a scenario whose one tick costs more can never run. */
  readonly largestCeiling: number;
}

/** No limits: tests and tools that run the service without rate limiting. */
export const unlimitedWorkBudget: WorkBudget = {
  async admit() {},
  admitPlayback() {},
  async chargePlayback() {
    return true;
  },
  largestCeiling: Number.POSITIVE_INFINITY,
};

export function createWorkBudget(options: { limiter: RateLimiter; tiers: TierLimitsTable }): WorkBudget {
  const { limiter, tiers } = options;
  return {
    largestCeiling: largestWorkCeiling(tiers),
    admitPlayback(request, ask) {
      const tier = request.auth.tier ?? 'free';
      const { work, rateLimits } = tiers[tier];
      // Each tick is computed whole, as a one-tick step would be: the same ceiling applies.
      if (ask.peakTickCost.cost > work.ceiling) throw playbackTickError(ask.peakTickCost, work.ceiling, tier);
      const sustained = Math.floor(work.perWindow / rateLimits.windowSeconds);
      if (ask.costPerSecond + ask.others.costPerSecond > sustained) throw playbackRateError(ask, sustained, tier);
    },
    async chargePlayback(payer, estimate) {
      const decision = await limiter.consume(payer.identity, payer.tier, 'compute', estimate.cost);
      return decision.allowed;
    },
    async admit(request, estimate, options = {}) {
      const { identity, tier = 'free' } = request.auth;
      const { work } = tiers[tier];
      if (options.experimentRun !== undefined && options.experimentRun.cost > work.ceiling)
        throw workCeilingError(options.experimentRun, work.ceiling, tier, 'run');
      const per = options.experimentRun !== undefined ? 'experiment' : options.history === true ? 'history' : 'request';
      const ceiling = per === 'request' ? work.ceiling : work.perWindow;
      if (estimate.cost > ceiling) throw workCeilingError(estimate, ceiling, tier, per);
      const decision = await limiter.consume(identity, tier, 'compute', estimate.cost);
      request.onDecision?.(decision);
      if (!decision.allowed) throw computeLimitedError(estimate, decision);
    },
  };
}
