import { z } from '@hono/zod-openapi';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isCalendarDay = (value: string): boolean => DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
/** The longest range one request may ask for, in days. */
export const MAX_USAGE_DAYS = 366;

const day = (name: 'from' | 'to', description: string) =>
  z
    .string()
    .refine(isCalendarDay, 'must be a date YYYY-MM-DD')
    .optional()
    .openapi({ param: { name, in: 'query' }, description, example: '2025-01-31' });

export const UsageQuerySchema = z.object({
  organizationId: z.uuid().optional().openapi({
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

export const DailyUsageSchema = z
  .object({ date: z.string().describe('UTC day, YYYY-MM-DD'), ...UsageFiguresSchema })
  .openapi('DailyUsage');

export const UsageSchema = z
  .object({
    organizationId: z.uuid(),
    from: z.string(),
    to: z.string(),
    data: z.array(DailyUsageSchema).describe('One entry per day from `from` to `to`, days without activity included as zeros'),
    totals: z.object(UsageFiguresSchema).openapi('UsageTotals'),
  })
  .openapi('Usage');
