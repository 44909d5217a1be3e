/** Gives back a slot taken by `acquire`; calling it more than once is harmless. */
export type ReleaseSlot = () => void;

/**
 * Counts open, long-lived things (SSE streams) per key (an organization id) in this process.
 * `acquire` takes a slot when fewer than `limit` are open and returns its release function,
 * or null when the key is at its limit (the caller answers 429 RATE_LIMITED, Retry-After: 5).
 * Release as soon as the stream closes, whichever side closes it, so the slot frees at once.
 *
 * @example
 * const release = limiter.acquire(organizationId, tierLimits[tier].concurrentStreams);
 * if (release === null) throw rateLimited(…);
 * stream.onAbort(release);
 */
export class ConcurrencyLimiter {
  private readonly open = new Map<string, number>();

  acquire(key: string, limit: number): ReleaseSlot | null {
    if (!Number.isInteger(limit) || limit < 0) throw new Error(`ConcurrencyLimiter: limit must be a non-negative integer, got ${String(limit)}`);
    const current = this.open.get(key) ?? 0;
    if (current >= limit) return null;
    this.open.set(key, current + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left <= 0) this.open.delete(key);
      else this.open.set(key, left);
    };
  }

  /** Slots of `key` in use now. */
  inUse(key: string): number {
    return this.open.get(key) ?? 0;
  }
}
