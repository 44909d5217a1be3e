import { ApiError } from '../lib/api-error.js';
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

/** Over the organization's concurrent-stream limit, before a stream opens (docs/api.md, "Events", "Limits"). */
export const streamLimitError = (tier: Tier, limit: number): ApiError =>
  new ApiError(429, 'RATE_LIMITED', `The organization has ${limit} event streams open, the limit of its ${tier} tier; close one or retry later`, { limit, tier }, { 'Retry-After': '5' });
