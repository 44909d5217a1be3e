import type { Tier } from '../identity/auth-context.js';
import type { Clock } from '../lib/clock.js';
import { thenMaybe, type MaybePromise } from '../lib/maybe-promise.js';
import type { RateLimitPolicy } from './rate-limit-policy.js';
import type { RateLimitStore } from './rate-limit-store.js';
import type { RateLimitClass } from './route-class.js';

/** The outcome of counting one request, and what the X-RateLimit-* headers say. */
export interface RateLimitDecision {
  allowed: boolean;
  routeClass: RateLimitClass;
  limit: number;
  remaining: number;
  windowSeconds: number;
  /** Unix seconds at which the window resets (X-RateLimit-Reset). */
  resetAt: number;
  /** Whole seconds until then, at least 1 (Retry-After on a 429). */
  retryAfter: number;
}

export interface RateLimiterOptions {
  store: RateLimitStore;
  policy: RateLimitPolicy;
  clock: Clock;
  /** How often finished windows are deleted from the store, at most. Default one minute. */
  sweepIntervalMs?: number;
  /** Where a failed sweep is reported; it never fails a request. */
  onBackgroundError?: (error: unknown) => void;
}

/**
 * Fixed windows per identity and route class. The store is the truth (one UPSERT per request,
 * so instances on one database agree); the fast path is local and only ever refuses: a bucket
 * this process saw exhausted stays refused until its window ends, without touching the store,
 * which is safe because counts only grow within a window.
 */
export class RateLimiter {
  private readonly exhausted = new Map<string, number>();
  private nextSweepAt = 0;
  private readonly sweepIntervalMs: number;

  constructor(private readonly options: RateLimiterOptions) {
    this.sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
    if (!Number.isFinite(this.sweepIntervalMs) || this.sweepIntervalMs <= 0) throw new Error('RateLimiter: sweepIntervalMs must be positive');
  }

  /**
   * Counts `amount` (one request, or a request's agent-ticks for `compute`) against `identity`
   * and says whether it may proceed. A refused amount is given back, so a request too large for
   * what is left of the window does not use it up for smaller ones. Without a promise when the
   * store counts in memory (see MaybePromise).
   */
  consume(identity: string, tier: Tier, routeClass: RateLimitClass, amount = 1): MaybePromise<RateLimitDecision> {
    const { limit, windowSeconds } = this.options.policy.limitFor(tier, routeClass);
    const nowMs = this.options.clock.now().getTime();
    const windowStart = windowStartOf(nowMs, windowSeconds);
    const bucket = `${identity}|${routeClass}`;
    this.maybeSweep(nowMs);
    if ((this.exhausted.get(bucket) ?? -1) >= windowStart) return decide(routeClass, limit, windowSeconds, limit + 1, windowStart, nowMs);
    return thenMaybe(this.options.store.increment(bucket, windowStart, amount, limit), (counted) => {
      if (amount > 1 && counted.count > limit) {
        return thenMaybe(this.options.store.increment(bucket, counted.windowStart, -amount, limit), (restored) => {
          const refused = decide(routeClass, limit, windowSeconds, restored.count, restored.windowStart, nowMs);
          return { ...refused, allowed: false };
        });
      }
      if (counted.count >= limit) this.exhausted.set(bucket, counted.windowStart);
      return decide(routeClass, limit, windowSeconds, counted.count, counted.windowStart, nowMs);
    });
  }

  /** What the headers would say now, without counting (for routes limited otherwise, like SSE). */
  async peek(identity: string, tier: Tier, routeClass: RateLimitClass): Promise<RateLimitDecision> {
    const { limit, windowSeconds } = this.options.policy.limitFor(tier, routeClass);
    const nowMs = this.options.clock.now().getTime();
    const windowStart = windowStartOf(nowMs, windowSeconds);
    const count = await this.options.store.peek(`${identity}|${routeClass}`, windowStart);
    const decision = decide(routeClass, limit, windowSeconds, count, windowStart, nowMs);
    return { ...decision, allowed: count < limit };
  }

  /** Forgets finished windows now and then, here and in the store, so neither grows without end. */
  private maybeSweep(nowMs: number): void {
    if (nowMs < this.nextSweepAt) return;
    this.nextSweepAt = nowMs + this.sweepIntervalMs;
    // A window that started longer ago than the longest window has ended, whatever its tier.
    const before = Math.floor(nowMs / 1000) - this.options.policy.maxWindowSeconds;
    for (const [bucket, start] of this.exhausted) if (start < before) this.exhausted.delete(bucket);
    this.options.store.sweep(before).catch((error: unknown) => this.options.onBackgroundError?.(error));
  }
}

const windowStartOf = (nowMs: number, windowSeconds: number): number => Math.floor(nowMs / 1000 / windowSeconds) * windowSeconds;

function decide(routeClass: RateLimitClass, limit: number, windowSeconds: number, count: number, windowStart: number, nowMs: number): RateLimitDecision {
  const resetAt = windowStart + windowSeconds;
  return {
    allowed: count <= limit,
    routeClass,
    limit,
    remaining: Math.max(0, limit - count),
    windowSeconds,
    resetAt,
    retryAfter: Math.max(1, Math.ceil(resetAt - nowMs / 1000)),
  };
}
