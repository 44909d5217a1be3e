import type { AuthContext } from '../identity/auth-context.js';
import type { TierLimitsTable } from '../identity/tier-limits.js';
import { ApiError } from '../lib/api-error.js';
import type { Clock } from '../lib/clock.js';
import type { StorageUsageReader } from './storage-usage.js';

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * Stored bytes as a budget: per organization, a quota by tier. A request that stores history is
 * weighed before it runs, from arithmetic (estimateStoredBytes); the bytes it actually stored
 * are counted when they are written (docs/api.md, "Storage budget").
 */
export interface StorageBudget {
  /**
   * Refuses with 422 STORAGE_LIMIT_EXCEEDED when what `organizationId` stores plus `estimate`
   * bytes is over its tier's quota. Nothing is reserved: the bytes count once written.
   */
  admit(auth: AuthContext, organizationId: string, estimate: number): Promise<void>;
}

export const unlimitedStorageBudget: StorageBudget = {
  async admit() {},
};

export function storageLimitError(estimate: number, used: number, quota: number, tier: string): ApiError {
  return new ApiError(
    422,
    'STORAGE_LIMIT_EXCEEDED',
    `This request would store about ${count(estimate)} bytes; the organization stores ${count(used)} of the ${count(quota)} its ${tier} tier allows`,
    { cost: estimate, used, quota, tier, unit: 'bytes' },
  );
}

export function createStorageBudget(options: { reader: StorageUsageReader; tiers: TierLimitsTable; clock: Clock }): StorageBudget {
  return {
    async admit(auth, organizationId, estimate) {
      const tier = auth.tier ?? 'free';
      const quota = options.tiers[tier].storage.quotaBytes;
      const used = (await options.reader.storageUsage(organizationId, options.clock.now().getTime())).total;
      if (used + estimate > quota) throw storageLimitError(estimate, used, quota, tier);
    },
  };
}
