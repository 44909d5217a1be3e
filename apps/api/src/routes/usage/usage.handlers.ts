import type { RouteHandler } from '@hono/zod-openapi';
import { selectOrganization } from '../../identity/select-organization.js';
import { ROUTE_CLASSES, type DailyUsage, type RouteClass, type UsageReader } from '../../identity/usage-recorder.js';
import { validationError } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import { MAX_USAGE_DAYS } from './usage-schemas.js';
import type { UsageRoutes } from './usage.routes.js';
import type { TierLimitsTable } from '../../identity/tier-limits.js';
import type { StorageUsageReader } from '../../storage-budget/storage-usage.js';

const DAY_MS = 86_400_000;
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string): number => Date.parse(`${day}T00:00:00Z`);

function totalsOf(days: DailyUsage[]) {
  const requests = Object.fromEntries(ROUTE_CLASSES.map((c) => [c, 0])) as Record<RouteClass, number>;
  let simulationsCreated = 0;
  let ticksComputed = 0;
  for (const d of days) {
    simulationsCreated += d.simulationsCreated;
    ticksComputed += d.ticksComputed;
    for (const c of ROUTE_CLASSES) requests[c] += d.requests[c];
  }
  return { simulationsCreated, ticksComputed, requests };
}

export function usageHandlers(reader: UsageReader, clock: Clock, storage: { reader: StorageUsageReader; tiers: TierLimitsTable }) {
  const get: RouteHandler<UsageRoutes['get']> = async (c) => {
    const query = c.req.valid('query');
    const organizationId = selectOrganization(c.get('auth'), query.organizationId);
    const to = query.to ?? dayOf(clock.now().getTime());
    const from = query.from ?? dayOf(msOf(to) - 29 * DAY_MS);
    if (msOf(from) > msOf(to)) throw validationError([{ path: 'from', message: 'must not be after to' }]);
    if ((msOf(to) - msOf(from)) / DAY_MS + 1 > MAX_USAGE_DAYS) {
      throw validationError([{ path: 'from', message: `the range may span at most ${MAX_USAGE_DAYS} days` }]);
    }
    const data = await reader.dailyUsage(organizationId, from, to);
    const tier = c.get('auth').tier ?? 'free';
    const bytes = await storage.reader.storageUsage(organizationId, clock.now().getTime());
    return c.json({ organizationId, from, to, data, totals: totalsOf(data), storage: { ...bytes, quota: storage.tiers[tier].storage.quotaBytes, tier } }, 200);
  };
  return { get };
}
