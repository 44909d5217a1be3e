import type { AuthContext } from '../identity/auth-context.js';
import type { TierLimitsTable } from '../identity/tier-limits.js';
import { ApiError } from '../lib/api-error.js';
import type { Clock } from '../lib/clock.js';
import { RecentStorageUsage } from './recent-storage-usage.js';
import { StorageReservations } from './storage-reservations.js';
import type { StorageUsageReader } from './storage-usage.js';

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * Stored bytes as a budget: per organization, a quota by tier. A request that stores history is
 * weighed before it runs, from arithmetic (estimateStoredBytes); its estimate is reserved until
 * what it stored is written and counted (docs/api.md, "Storage budget").
 */
export interface StorageBudget {
  /**
   * Refuses with 422 STORAGE_LIMIT_EXCEEDED when what `organizationId` stores, plus what its
   * requests admitted in this process have reserved and not yet released, plus `estimate`
   * bytes, is over its tier's quota. Otherwise reserves `estimate` until the reservation is
   * released: call `release` once what the request stores is committed, or once it stores
   * nothing (refused later, failed, cancelled). Only the caller's tier is read: playback,
   * which has no request of its own, passes the tier of the identity that pressed play.
   */
  admit(auth: Pick<AuthContext, 'tier'>, organizationId: string, estimate: number): Promise<StorageReservation>;
}

export interface StorageReservation {
  /** Releases the reserved bytes; later calls do nothing. */
  release(): void;
}

const nothingReserved: StorageReservation = { release() {} };

export const unlimitedStorageBudget: StorageBudget = {
  admit: async () => nothingReserved,
};

/** A stored-bytes count read again at most this often when reservations are released meanwhile. */
const MAX_READS = 4;

/** How long an organization's count of stored bytes is reused by the admissions of this process. */
const DEFAULT_RECOUNT_MS = 1_000;

export function storageLimitError(estimate: number, used: number, quota: number, tier: string): ApiError {
  return new ApiError(
    422,
    'STORAGE_LIMIT_EXCEEDED',
    `This request would store about ${count(estimate)} bytes; the organization stores ${count(used)} of the ${count(quota)} its ${tier} tier allows`,
    { cost: estimate, used, quota, tier, unit: 'bytes' },
  );
}

export function createStorageBudget(options: {
  reader: StorageUsageReader;
  tiers: TierLimitsTable;
  clock: Clock;
  reservations?: StorageReservations;
  /** How long a count of an organization's stored bytes is reused (default 1 s; 0 counts at every admission). */
  recountMs?: number;
}): StorageBudget {
  const reservations = options.reservations ?? new StorageReservations();
  const recent = new RecentStorageUsage(options.recountMs ?? DEFAULT_RECOUNT_MS);
  /** The organization's stored bytes: counted in the database, or reused from a recent count (never under it). */
  const storedBytes = async (organizationId: string, reuse: boolean): Promise<{ used: number; reused: boolean }> => {
    const nowMs = options.clock.now().getTime();
    const known = reuse ? recent.of(organizationId, nowMs) : undefined;
    if (known !== undefined) return { used: known, reused: true };
    let used = 0;
    for (let read = 0; read < MAX_READS; read++) {
      const generation = reservations.generation;
      used = (await options.reader.storageUsage(organizationId, nowMs)).total;
      // No reservation released while reading: none of what was counted is also reserved
      // and nothing written and released is missing from the count.
      if (reservations.generation === generation) break;
    }
    recent.remember(organizationId, used, nowMs);
    return { used, reused: false };
  };
  return {
    async admit(auth, organizationId, estimate) {
      const tier = auth.tier ?? 'free';
      const quota = options.tiers[tier].storage.quotaBytes;
      const counted = await storedBytes(organizationId, true);
      // A reused count is never under what is stored, so it can admit but not refuse: a refusal
      // counts again, and states what is really stored.
      const { used } = counted.reused && counted.used + reservations.of(organizationId) + estimate > quota ? await storedBytes(organizationId, false) : counted;
      // Checked and reserved in one turn of the event loop: a concurrent admission sees it.
      const reserved = reservations.of(organizationId);
      if (used + reserved + estimate > quota) throw storageLimitError(estimate, used + reserved, quota, tier);
      const release = reservations.reserve(organizationId, estimate);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          recent.released(organizationId, estimate);
          release();
        },
      };
    },
  };
}
