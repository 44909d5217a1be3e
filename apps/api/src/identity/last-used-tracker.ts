import type { IdentityStore } from './identity-store.js';

/**
 * Keeps `lastUsedAt` roughly current without a write per request: a key is written at most once
 * per `intervalMs` by this process. The write is not awaited by the request; `flush` waits for
 * the ones in flight (tests, shutdown).
 */
export class LastUsedTracker {
  private readonly writtenAt = new Map<string, number>();
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly store: Pick<IdentityStore, 'touchApiKey'>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** `storedLastUsedAt` comes from the lookup, so a restart does not cause a burst of writes. */
  touch(keyId: string, storedLastUsedAt: string | null, now: Date): void {
    const nowMs = now.getTime();
    const last = this.writtenAt.get(keyId) ?? (storedLastUsedAt ? Date.parse(storedLastUsedAt) : Number.NEGATIVE_INFINITY);
    if (nowMs - last < this.intervalMs) return;
    this.writtenAt.set(keyId, nowMs);
    const write = this.store
      .touchApiKey(keyId, now.toISOString())
      .catch(this.onError)
      .finally(() => this.inFlight.delete(write));
    this.inFlight.add(write);
  }

  async flush(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }
}
