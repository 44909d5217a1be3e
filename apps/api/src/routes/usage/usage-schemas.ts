import { z } from '@hono/zod-openapi';
import { TIERS } from '../../identity/auth-context.js';
import { uuidInput } from '../../lib/id-param.js';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Whether `value` is YYYY-MM-DD naming a day that exists (no month 13, no 30 February). Checked
 * by building the date from its parts and reading them back: an impossible day rolls over into
 * another one (2026-02-30 becomes 2026-03-02) rather than throwing, as `toISOString` of an
 * invalid Date would.
 */
function isCalendarDay(value: string): boolean {
  const parts = DAY.exec(value);
  if (parts === null) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // unlike Date.UTC, takes years 0–99 as they are
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
/** The longest range one request may ask for, in days. */
export const MAX_USAGE_DAYS = 366;

const day = (name: 'from' | 'to', description: string) =>
  z
    .string()
    .refine(isCalendarDay, 'must be a date YYYY-MM-DD')
    .optional()
    .openapi({ param: { name, in: 'query' }, description, example: '2025-01-31' });

export const UsageQuerySchema = z.object({
  organizationId: uuidInput()
    .optional()
    .openapi({
      param: { name: 'organizationId', in: 'query' },
      description: 'One of the organizations the caller may act for; default the first (an API key has exactly one)',
    }),
  from: day('from', 'First UTC day, inclusive (default: 29 days before `to`)'),
  to: day('to', 'Last UTC day, inclusive (default: today, UTC)'),
});

const RequestCountsSchema = z
  .object({
    create: z.number().int(),
    step: z.number().int(),
    read: z.number().int(),
    sse: z.number().int().describe('Event streams opened'),
  })
  .describe('Authenticated requests by rate-limit route class')
  .openapi('UsageRequestCounts');

const UsageFiguresSchema = {
  simulationsCreated: z.number().int().describe('Simulations created (create, from-domain, run)'),
  ticksComputed: z.number().int().describe('Ticks computed by run, step and playback'),
  requests: RequestCountsSchema,
};

export const DailyUsageSchema = z.object({ date: z.string().describe('UTC day, YYYY-MM-DD'), ...UsageFiguresSchema }).openapi('DailyUsage');

const bytes = (what: string) => z.number().int().describe(`Bytes of ${what}`);

export const StorageUsageSchema = z
  .object({
    simulations: bytes('its simulations’ own rows: each one’s scenario, latest snapshot and state'),
    events: bytes('stored events (their data)'),
    prophecies: bytes('stored prophecies (their data)'),
    checkpoints: bytes('checkpoints (deflated engine snapshots)'),
    idempotentResponses: bytes('responses kept under an Idempotency-Key, until they expire (a long run answer: a reference)'),
    experiments: bytes('its experiments’ own rows: each one’s spec (with an inline scenario or a simulation’s state) and 1 KiB for the rest'),
    experimentResults: bytes(
      'its experiments’ runs: each run’s metrics in its three copies (its row, its shared result, its event) and 512 bytes for the rest',
    ),
    total: bytes('all of the above'),
    quota: z
      .number()
      .int()
      .describe(
        'The most the organization may store (its tier; SIM_STORAGE_QUOTAS); a request whose estimate would pass it is refused with 422 STORAGE_LIMIT_EXCEEDED',
      ),
    tier: z.enum(TIERS),
  })
  .describe('What the organization stores now, against its quota (docs/api.md, "Storage budget"): not a daily figure')
  .openapi('StorageUsage');

export const UsageSchema = z
  .object({
    organizationId: z.uuid(),
    from: z.string(),
    to: z.string(),
    data: z.array(DailyUsageSchema).describe('One entry per day from `from` to `to`, days without activity included as zeros'),
    totals: z.object(UsageFiguresSchema).openapi('UsageTotals'),
    storage: StorageUsageSchema,
  })
  .openapi('Usage');
