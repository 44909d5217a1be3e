/**
 * Each organization's stored bytes as last counted in the database, reused for a short while
 * (docs/api.md, "Storage budget"). Counting sums every simulation, unexpired idempotency record
 * and experiment run of the organization: work that grows with what it stores, which a step or
 * each tick of playback would otherwise repeat. Between two counts, the bytes of every
 * reservation released in this process are added to the last count, whether they were written
 * or not: the count can only be over, never under, what this process stored.
 */
export class RecentStorageUsage {
  private readonly counted = new Map<string, { used: number; atMs: number; releasedSince: number }>();

  /**
   * @param maxAgeMs how long a count is reused (0: never)
   * @param capacity organizations remembered at most; past it, all are counted again
   */
  constructor(
    private readonly maxAgeMs: number,
    private readonly capacity = 10_000,
  ) {}

  /** The last count of `organizationId` with what was released since, if it was counted within maxAgeMs. */
  of(organizationId: string, nowMs: number): number | undefined {
    const entry = this.counted.get(organizationId);
    if (entry === undefined || nowMs - entry.atMs >= this.maxAgeMs) return undefined;
    return entry.used + entry.releasedSince;
  }

  remember(organizationId: string, used: number, nowMs: number): void {
    if (this.maxAgeMs <= 0) return;
    if (this.counted.size >= this.capacity) this.counted.clear();
    this.counted.set(organizationId, { used, atMs: nowMs, releasedSince: 0 });
  }

  /** A reservation of `bytes` was released: what it stored may be missing from the last count. */
  released(organizationId: string, bytes: number): void {
    const entry = this.counted.get(organizationId);
    if (entry !== undefined) entry.releasedSince += bytes;
  }
}
