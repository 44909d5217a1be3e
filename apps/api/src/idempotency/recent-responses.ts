import { BoundedMap } from '../lib/bounded-map.js';
import type { StoredResponse } from './idempotency-store.js';

export interface RecentResponse {
  fingerprint: string;
  response: StoredResponse;
  /** Unix milliseconds. */
  expiresAt: number;
}

/**
 * The in-process fast path: small completed records, most recent first out. Safe to serve
 * without the database because a completed record never changes until it expires.
 */
export class RecentResponses {
  private readonly entries: BoundedMap<string, RecentResponse>;

  constructor(
    capacity: number,
    private readonly maxBodyBytes: number,
  ) {
    this.entries = new BoundedMap(capacity);
  }

  get(scope: string, now: number): RecentResponse | undefined {
    const entry = this.entries.get(scope);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(scope);
      return undefined;
    }
    return entry;
  }

  remember(scope: string, entry: RecentResponse): void {
    const { response } = entry;
    if (response.chunkCount > 0 || (response.body?.byteLength ?? 0) > this.maxBodyBytes) return;
    this.entries.set(scope, entry);
  }
}
