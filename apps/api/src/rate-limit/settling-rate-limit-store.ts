import type { RateLimitStore, WindowCount } from './rate-limit-store.js';

/** One increment to add to the shared store in a batch. */
export interface SettleEntry {
  bucket: string;
  windowStart: number;
  amount: number;
}

/** The shared store (the database's counters), with a batch increment. */
export interface SettleTarget extends RateLimitStore {
  /** Adds every entry, one statement per batch; the counts after, by bucket. */
  incrementMany(entries: readonly SettleEntry[]): Promise<Map<string, WindowCount>>;
}

interface LocalBucket {
  windowStart: number;
  /** The shared count of this window as the last answer from the database gave it (this instance's sent increments included). */
  settled: number;
  /** Increments sent and not yet answered. */
  inFlight: number;
  /** Increments counted here and not yet sent. */
  pending: number;
}

export interface SettlingRateLimitStoreOptions {
  /** How often counted increments are sent; default 250 ms. */
  settleEveryMs?: number;
  /** Where a failed batch is reported (its increments are sent again with the next one). */
  onError?: (error: unknown) => void;
}

/** Default interval between two batches of one instance. */
export const SETTLE_EVERY_MS = 250;

/**
 * Rate-limit windows several instances share, counted in this instance's memory and settled in
 * the database in batches (docs/operations.md, "Rate limits across instances").
 * While a bucket's count is below half of its limit, an increment is counted here and answered at
 * once; every `settleEveryMs` the increments counted since are added to the database's counters
 * in one statement, whose answer brings back what the other instances counted. From half of the
 * limit on, each increment goes to the database at once with whatever is pending, as the
 * database store alone would: the refusals at the limit are exact across instances, but for what
 * other instances counted below half of it in their last interval and have not settled yet.
 *
 * Without a `limit` from the caller every increment is counted locally. Pending increments of a
 * window that ended are dropped: they decided nothing any more.
 */
export class SettlingRateLimitStore implements RateLimitStore {
  readonly #buckets = new Map<string, LocalBucket>();
  readonly #timer: NodeJS.Timeout;
  #settling: Promise<void> = Promise.resolve();

  constructor(
    private readonly shared: SettleTarget,
    private readonly options: SettlingRateLimitStoreOptions = {},
  ) {
    this.#timer = setInterval(() => {
      // #settleOnce reports its own failures to onError; this catch is the last net.
      this.settle().catch((error: unknown) => this.options.onError?.(error));
    }, options.settleEveryMs ?? SETTLE_EVERY_MS);
    this.#timer.unref();
  }

  async increment(bucket: string, windowStart: number, amount = 1, limit?: number): Promise<WindowCount> {
    const local = this.#current(bucket, windowStart);
    const estimate = local.settled + local.inFlight + local.pending + amount;
    if (limit === undefined || estimate * 2 < limit) {
      local.pending += amount;
      return { count: estimate, windowStart: local.windowStart };
    }
    const send = local.pending + amount;
    local.pending = 0;
    local.inFlight += send;
    let counted: WindowCount;
    try {
      counted = await this.shared.increment(bucket, local.windowStart, send);
    } catch (error) {
      local.pending += send - amount;
      throw error;
    } finally {
      local.inFlight -= send;
    }
    if (counted.windowStart === local.windowStart) local.settled = counted.count;
    return counted;
  }

  async peek(bucket: string, windowStart: number): Promise<number> {
    const local = this.#buckets.get(bucket);
    if (local === undefined || windowStart > local.windowStart) return this.shared.peek(bucket, windowStart);
    return local.settled + local.inFlight + local.pending;
  }

  async sweep(before: number): Promise<number> {
    for (const [bucket, local] of this.#buckets) if (local.windowStart < before) this.#buckets.delete(bucket);
    return this.shared.sweep(before);
  }

  /** Sends what is pending in one batch (the timer calls it; tests and a stop may too). */
  settle(): Promise<void> {
    this.#settling = this.#settling.then(() => this.#settleOnce());
    return this.#settling;
  }

  /** Stops the timer and settles what is pending. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.settle();
  }

  #current(bucket: string, windowStart: number): LocalBucket {
    let local = this.#buckets.get(bucket);
    if (local === undefined || windowStart > local.windowStart) {
      local = { windowStart, settled: 0, inFlight: 0, pending: 0 };
      this.#buckets.set(bucket, local);
    }
    return local;
  }

  async #settleOnce(): Promise<void> {
    const sent: Array<[LocalBucket, SettleEntry]> = [];
    for (const [bucket, local] of this.#buckets) {
      if (local.pending === 0) continue;
      sent.push([local, { bucket, windowStart: local.windowStart, amount: local.pending }]);
      local.inFlight += local.pending;
      local.pending = 0;
    }
    if (sent.length === 0) return;
    try {
      this.#settled(sent, await this.shared.incrementMany(sent.map(([, entry]) => entry)));
    } catch (error) {
      this.options.onError?.(error);
      if (sent.length === 1 || !isDataError(error)) {
        this.#putBack(sent);
        return;
      }
      // The database refused a value of the batch, not the connection: one bad row must not
      // hold every other bucket's count back until its window ends. Each is sent alone.
      for (const pair of sent) {
        try {
          this.#settled([pair], await this.shared.incrementMany([pair[1]]));
        } catch {
          this.#putBack([pair]);
        }
      }
    }
  }

  #settled(sent: ReadonlyArray<[LocalBucket, SettleEntry]>, counts: Map<string, WindowCount>): void {
    for (const [local, entry] of sent) {
      local.inFlight -= entry.amount;
      const counted = counts.get(entry.bucket);
      if (counted !== undefined && counted.windowStart === local.windowStart) local.settled = counted.count;
    }
  }

  /** Sent and not counted: sent again with the next batch. */
  #putBack(sent: ReadonlyArray<[LocalBucket, SettleEntry]>): void {
    for (const [local, entry] of sent) {
      local.inFlight -= entry.amount;
      local.pending += entry.amount;
    }
  }
}

/** PostgreSQL's class 22, a data exception (a NUL in text, a value out of range): the batch's values, not the connection. */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('22');
}
