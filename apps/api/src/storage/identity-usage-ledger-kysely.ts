import { sql, type Kysely } from 'kysely';
import { ROUTE_CLASSES, type DailyUsage, type RouteClass, type UsageLedger, type UsageMetric } from '../identity/usage-recorder.js';
import type { IdentityTables } from './identity-tables.js';

export interface UsageLedgerOptions {
  /** How often buffered counts are written. Default 1 s. */
  flushIntervalMs?: number;
  now?: () => Date;
  onError?: (error: unknown) => void;
}

const DAY_MS = 86_400_000;
const SEPARATOR = '\u0000';
const REQUEST_METRICS = Object.fromEntries(ROUTE_CLASSES.map((routeClass) => [routeClass, `requests_${routeClass}` as const])) as {
  [C in RouteClass]: `requests_${C}`;
};

/** `YYYY-MM-DD` of an instant in UTC. Every request asks; formatting a date once a day is enough. */
function utcDayFormatter(): (at: Date) => string {
  let start = Number.NaN;
  let day = '';
  return (at) => {
    const ms = at.getTime();
    if (!(ms >= start && ms < start + DAY_MS)) {
      start = ms - (((ms % DAY_MS) + DAY_MS) % DAY_MS);
      day = new Date(start).toISOString().slice(0, 10);
    }
    return day;
  };
}

/** Every day from `from` to `to` inclusive, `YYYY-MM-DD`. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * Usage counters on Kysely. Increments land in a Map (organization, day, metric → amount) and a
 * timer writes them as upserts `amount = amount + n`, so a busy organization costs one write per
 * metric per second, not one per request. Reads flush first, so they see everything recorded.
 */
export function createKyselyUsageLedger<DB extends IdentityTables>(database: Kysely<DB>, options: UsageLedgerOptions = {}): UsageLedger {
  const db = database as unknown as Kysely<IdentityTables>;
  const { now = () => new Date(), onError = (error) => console.error('usage flush failed', error) } = options;
  let pending = new Map<string, number>();
  let flushing: Promise<void> = Promise.resolve();
  const utcDay = utcDayFormatter();

  // The key of each (organization, metric) of the current day, built once: every request adds
  // to one, and a key built anew is a string to join and hash each time.
  let keysDay = '';
  let keys = new Map<string, Map<UsageMetric, string>>();
  function keyOf(organizationId: string, day: string, metric: UsageMetric): string {
    if (day !== keysDay) {
      keysDay = day;
      keys = new Map();
    }
    let ofOrganization = keys.get(organizationId);
    if (ofOrganization === undefined) keys.set(organizationId, (ofOrganization = new Map()));
    let key = ofOrganization.get(metric);
    if (key === undefined) ofOrganization.set(metric, (key = `${organizationId}${SEPARATOR}${day}${SEPARATOR}${metric}`));
    return key;
  }

  function add(organizationId: string, metric: UsageMetric, amount: number, at: Date | undefined): void {
    if (!Number.isFinite(amount) || amount <= 0) return;
    const key = keyOf(organizationId, utcDay(at ?? now()), metric);
    pending.set(key, (pending.get(key) ?? 0) + Math.round(amount));
  }

  async function write(batch: Map<string, number>): Promise<void> {
    if (batch.size === 0) return;
    // In key order: instances flushing at once then lock shared rows in the same order, never
    // each waiting for a row the other holds (a deadlock PostgreSQL would break by failing one).
    const rows = [...batch]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, amount]) => {
        const [organization_id = '', day = '', metric = ''] = key.split(SEPARATOR);
        return { organization_id, day, metric, amount };
      });
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await trx
          .insertInto('usage_counters')
          .values(row)
          .onConflict((oc) => oc.columns(['organization_id', 'day', 'metric']).doUpdateSet({ amount: sql`usage_counters.amount + excluded.amount` }))
          .execute();
      }
    });
  }

  function flush(): Promise<void> {
    // Chained so two flushes never write the same batch or run their transactions interleaved.
    flushing = flushing
      .catch(() => undefined)
      .then(async () => {
        const batch = pending;
        pending = new Map();
        try {
          await write(batch);
        } catch (error) {
          // Put the counts back so a transient failure loses nothing.
          for (const [key, amount] of batch) pending.set(key, (pending.get(key) ?? 0) + amount);
          throw error;
        }
      });
    return flushing;
  }

  const timer = setInterval(() => {
    if (pending.size > 0) flush().catch(onError);
  }, options.flushIntervalMs ?? 1000);
  timer.unref();

  return {
    recordRequest: (organizationId, routeClass: RouteClass, at) => add(organizationId, REQUEST_METRICS[routeClass], 1, at),
    recordSimulationCreated: (organizationId, at) => add(organizationId, 'simulations_created', 1, at),
    recordTicks: (organizationId, ticks, at) => add(organizationId, 'ticks_computed', ticks, at),
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },

    async dailyUsage(organizationId, fromDay, toDay): Promise<DailyUsage[]> {
      await flush();
      const rows = await db
        .selectFrom('usage_counters')
        .select(['day', 'metric', 'amount'])
        .where('organization_id', '=', organizationId)
        .where('day', '>=', fromDay)
        .where('day', '<=', toDay)
        .execute();
      const byDay = new Map(
        daysBetween(fromDay, toDay).map((date): [string, DailyUsage] => [
          date,
          { date, simulationsCreated: 0, ticksComputed: 0, requests: Object.fromEntries(ROUTE_CLASSES.map((c) => [c, 0])) as Record<RouteClass, number> },
        ]),
      );
      for (const row of rows) {
        const entry = byDay.get(row.day);
        if (!entry) continue;
        const amount = Number(row.amount);
        if (row.metric === 'simulations_created') entry.simulationsCreated = amount;
        else if (row.metric === 'ticks_computed') entry.ticksComputed = amount;
        else {
          const routeClass = row.metric.replace(/^requests_/, '') as RouteClass;
          if (ROUTE_CLASSES.includes(routeClass)) entry.requests[routeClass] = amount;
        }
      }
      return [...byDay.values()];
    },
  };
}
