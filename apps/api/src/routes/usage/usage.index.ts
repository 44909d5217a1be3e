import type { MiddlewareHandler } from 'hono';
import type { UsageReader } from '../../identity/usage-recorder.js';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../../identity/tier-limits.js';
import { noStorageUsage, type StorageUsageReader } from '../../storage-budget/storage-usage.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { createRouter } from '../../lib/create-router.js';
import { usageHandlers } from './usage.handlers.js';
import { usageRoutes } from './usage.routes.js';

export interface UsageRouterOptions {
  usage: UsageReader;
  /** The organization's stored bytes, against its tier's quota; default none (zeros) and the default tiers. */
  storage?: StorageUsageReader;
  tiers?: TierLimitsTable;
  /** Authentication, rate limit and `requireScope('usage:read')`, in that order. */
  guard: MiddlewareHandler[];
  clock?: Clock;
}

export function usageRouter(options: UsageRouterOptions) {
  const routes = usageRoutes(options.guard);
  const handlers = usageHandlers(options.usage, options.clock ?? systemClock, {
    reader: options.storage ?? noStorageUsage,
    tiers: options.tiers ?? DEFAULT_TIER_LIMITS,
  });
  return createRouter().openapi(routes.get, handlers.get);
}
