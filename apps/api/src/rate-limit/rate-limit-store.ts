import type { MaybePromise } from '../lib/maybe-promise.js';

/** The count of a bucket's current window, as the store holds it after the increment. */
export interface WindowCount {
  count: number;
  /** Unix seconds; may be later than asked when another instance's clock is ahead. */
  windowStart: number;
}

/**
 * Fixed-window counters shared by every instance on one database. A bucket is one identity and
 * one route class; only its current window is kept.
 */
export interface RateLimitStore {
  /**
   * Adds `amount` (default one; negative gives back) to the bucket in the window starting at
   * `windowStart` (a later window resets it to `amount`). `limit`, the bucket's limit, lets a
   * store that counts locally tell when the count must be exact (SettlingRateLimitStore). A store
   * that counts in memory answers without a promise.
   */
  increment(bucket: string, windowStart: number, amount?: number, limit?: number): MaybePromise<WindowCount>;
  /** The bucket's count in that window, without counting. */
  peek(bucket: string, windowStart: number): Promise<number>;
  /** Forgets buckets whose window started before `before` (Unix seconds); returns how many. */
  sweep(before: number): Promise<number>;
}
