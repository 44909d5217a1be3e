import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Clock } from '../lib/clock.js';
import type { RouteGuards } from '../http/route-guards.js';
import { organizationRouter } from './organization/organization.index.js';
import { usageRouter } from './usage/usage.index.js';
import type { IdentityStore } from '../identity/identity-store.js';
import type { TierLimitsTable } from '../identity/tier-limits.js';
import type { StorageUsageReader } from '../storage-budget/storage-usage.js';
import type { UsageReader } from '../identity/usage-recorder.js';

export interface IdentityRoutesOptions {
  /** The app's route guards (AppExtensions.mount passes them): the chain of the simulation reads. */
  guards: Pick<RouteGuards, 'readWith'>;
  identityStore: IdentityStore;
  /** Where GET /v1/usage reads. */
  usage: UsageReader;
  /** Where GET /v1/usage reads the stored bytes; default none shown as zeros. */
  storageUsage?: StorageUsageReader | undefined;
  limits?: TierLimitsTable | undefined;
  clock?: Clock | undefined;
}

/**
 * Mounts GET /v1/organization and GET /v1/usage through AppExtensions.mount's `mountRouter`, guarded as
 * the simulation reads are: authenticate → rate limit (read) → scope → count.
 */
export function mountIdentityRoutes(mountRouter: (router: OpenAPIHono) => void, options: IdentityRoutesOptions): void {
  const { guards } = options;
  mountRouter(
    organizationRouter({ identityStore: options.identityStore, guard: guards.readWith('org:read'), ...(options.limits ? { limits: options.limits } : {}) }),
  );
  mountRouter(
    usageRouter({
      usage: options.usage,
      ...(options.storageUsage ? { storage: options.storageUsage } : {}),
      ...(options.limits ? { tiers: options.limits } : {}),
      guard: guards.readWith('usage:read'),
      ...(options.clock ? { clock: options.clock } : {}),
    }),
  );
}
