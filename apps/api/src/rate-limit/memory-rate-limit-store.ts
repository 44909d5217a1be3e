import type { RateLimitStore, WindowCount } from './rate-limit-store.js';

/**
 * Counters in this process only: exact for a single instance and free of I/O. For tests, the
 * benchmark's comparison, and deployments that run one instance.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly buckets = new Map<string, WindowCount>();

  increment(bucket: string, windowStart: number, amount = 1): WindowCount {
    const current = this.buckets.get(bucket);
    const next: WindowCount =
      current === undefined || windowStart > current.windowStart
        ? { count: amount, windowStart }
        : { count: current.count + amount, windowStart: current.windowStart };
    this.buckets.set(bucket, next);
    return next;
  }

  async peek(bucket: string, windowStart: number): Promise<number> {
    const current = this.buckets.get(bucket);
    return current === undefined || windowStart > current.windowStart ? 0 : current.count;
  }

  async sweep(before: number): Promise<number> {
    let removed = 0;
    for (const [bucket, window] of this.buckets) {
      if (window.windowStart < before) {
        this.buckets.delete(bucket);
        removed += 1;
      }
    }
    return removed;
  }
}
