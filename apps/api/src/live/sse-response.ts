import { z } from '@hono/zod-openapi';
import { ApiError } from '../lib/api-error.js';
import { ErrorEnvelopeSchema } from '../lib/error-envelope.js';
import type { Tier } from '../identity/auth-context.js';

/** The headers of every event stream the service opens (a simulation's, an experiment's). */
export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  // Tenant data: no cache keeps it (no-store); no proxy rewrites or compresses it (no-transform).
  'Cache-Control': 'no-store, no-transform',
  Connection: 'keep-alive',
  // Proxies that buffer responses (nginx) would hold events back.
  'X-Accel-Buffering': 'no',
};

/** Seconds a client over its stream limit is told to wait: streams close at the clients' pace, not at a window's end. */
const STREAM_RETRY_AFTER_SECONDS = 5;

/**
 * Over the organization's concurrent-stream limit, before a stream opens (docs/api.md, "Events",
 * "Limits"): `details` as every 429's (routeClass, limit, retryAfter), with the tier; a count of
 * open streams has no window, so no windowSeconds or resetAt.
 */
export const streamLimitError = (tier: Tier, limit: number): ApiError =>
  new ApiError(
    429,
    'RATE_LIMITED',
    `The organization has ${limit} event streams open, the limit of its ${tier} tier; close one or retry later`,
    { routeClass: 'stream', limit, tier, retryAfter: STREAM_RETRY_AFTER_SECONDS },
    { 'Retry-After': String(STREAM_RETRY_AFTER_SECONDS) },
  );

/** The 429 above, as every stream route declares it in the OpenAPI document. */
export const streamLimitResponse = {
  description: 'RATE_LIMITED: the organization has its tier’s number of streams open',
  content: { 'application/json': { schema: ErrorEnvelopeSchema } },
  headers: { 'Retry-After': { schema: { type: 'string' as const }, description: 'Seconds: always 5' } },
};

/** `?lastEventId=`: where a stream resumes, for clients that cannot set the header. */
export const LastEventIdQuerySchema = z
  .string()
  // Any length: an id above the newest is ignored, not refused (docs/api.md, "Ids, resuming and replay").
  .regex(/^\d+$/, 'must be a non-negative integer')
  .optional()
  .openapi({
    param: { name: 'lastEventId', in: 'query' },
    description: 'Same as the Last-Event-ID header (which wins when both carry an id; an empty header is as if absent), for clients that cannot set headers',
  });

/** The `Last-Event-ID` header an EventSource sends when it reconnects. */
export const LastEventIdHeaderSchema = z.object({
  'last-event-id': z
    .string()
    // Empty is as if absent: an EventSource sends the header only with an id, a proxy may send it bare.
    .regex(/^\s*(\d+\s*)?$/, 'must be a non-negative integer')
    .optional()
    .openapi({ param: { name: 'last-event-id', in: 'header' }, description: 'The id of the last message received; the stream resumes right after it' }),
});

/**
 * The id a stream resumes after: the Last-Event-ID header's when it carries one (it wins over
 * the query), else `?lastEventId=`'s; undefined for neither (the stream starts at the present).
 */
export function resumeAfterId(header: string | undefined, query: string | undefined): number | undefined {
  // The query's pattern allows no empty id: an absent one is the only one left out.
  const raw = header?.trim() || query;
  return raw === undefined ? undefined : Number(raw);
}
