import type { OpenAPIHono } from '@hono/zod-openapi';
import { ErrorEnvelopeSchema } from '../lib/error-envelope.js';

/** The routes that run the engine for their caller (method and path as the document has them). */
export const ENGINE_ROUTES: ReadonlyArray<{ method: string; path: string }> = [
  { method: 'post', path: '/v1/simulations/run' },
  { method: 'post', path: '/v1/simulations/{id}/step' },
  { method: 'put', path: '/v1/simulations/{id}/time-control' },
  { method: 'get', path: '/v1/simulations/{id}/trace' },
  { method: 'get', path: '/v1/simulations/{id}/states/{tick}' },
  { method: 'get', path: '/v1/simulations/{id}/events' },
  { method: 'post', path: '/v1/simulations/{id}/forks' },
  { method: 'get', path: '/v1/simulations/{id}/compare/{otherId}' },
  { method: 'post', path: '/v1/experiments' },
];

const plainHeaders = (headers: unknown): Record<string, unknown> =>
  typeof headers === 'object' && headers !== null && !('shape' in headers) ? (headers as Record<string, unknown>) : {};

const integer = { type: 'integer' } as const;
const COMPUTE_HEADERS = {
  'X-RateLimit-Compute-Limit': {
    description: 'Agent-ticks this identity may use per window (the compute class); present when the request drew on it',
    schema: integer,
  },
  'X-RateLimit-Compute-Remaining': { description: 'Agent-ticks left in the window', schema: integer },
  'X-RateLimit-Compute-Reset': { description: 'Unix time (seconds) at which the compute window resets', schema: integer },
};

const TOO_COSTLY =
  'WORK_LIMIT_EXCEEDED: the request costs more agent-ticks than its tier allows in one request (a history replay: in one compute window); ' +
  'for time-control `play`: one tick of the simulation costs more than that, or the playing simulations of the caller cost more a second than its tier sustains. ' +
  '`details` gives `cost`, `ceiling`, `tier` and the estimate. Nothing ran. ' +
  'For `step`, also: its prophecies would pass the 32 MiB one step may hand back (`unit: "bytes"`, `maxTicks`: the most ticks a step of this simulation may ask). ' +
  "STORAGE_LIMIT_EXCEEDED (`run`, `step`, time-control `step` and `play`, experiments): what the organization stores plus the bytes the request is estimated to store is over its tier's storage quota; " +
  '`details` gives `cost`, `used`, `quota`, `tier` and `unit: "bytes"`. Nothing ran.';
/** The routes that queue for the engine (see EngineQueue): the reads, a fork, a resumed event stream. */
const ENGINE_QUEUED: ReadonlyArray<{ method: string; path: string }> = [
  { method: 'get', path: '/v1/simulations/{id}/trace' },
  { method: 'get', path: '/v1/simulations/{id}/states/{tick}' },
  { method: 'get', path: '/v1/simulations/{id}/compare/{otherId}' },
  { method: 'post', path: '/v1/simulations/{id}/forks' },
  { method: 'get', path: '/v1/simulations/{id}/events' },
];
const ENGINE_QUEUE_FULL =
  'RATE_LIMITED: the organization has its most engine requests under way (`details.routeClass` is `engine`; docs/api.md, "Engine work", "The engine\'s queue"), or another rate limit; `Retry-After` says when to retry.';
const CANCELLED =
  'WORK_CANCELLED: the engine work stopped before it finished (the client left, or the server is stopping); nothing of it was stored. ' +
  'ENGINE_BUSY (trace, a past state, compare, a fork, a stream resumed with Last-Event-ID, a long `run` answer regenerated for an Idempotency-Key): ' +
  'the server has its most engine requests under way; `details.retryAfter` says when to retry, in seconds.';

/**
 * Documents, on the routes that run the engine: 503 WORK_CANCELLED, and with a work budget
 * installed the 422 WORK_LIMIT_EXCEEDED and the X-RateLimit-Compute-* headers of a success.
 */
export function documentWorkLimits(app: OpenAPIHono, options: { budget: boolean }): void {
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const route = definition.route;
    if (!ENGINE_ROUTES.some((r) => r.method === route.method && r.path === route.path)) continue;
    const responses: typeof route.responses = {};
    for (const [status, response] of Object.entries(route.responses)) {
      responses[status] =
        options.budget && status.startsWith('2') && !('$ref' in response)
          ? { ...response, headers: { ...plainHeaders(response.headers), ...COMPUTE_HEADERS } }
          : response;
    }
    const envelope = { content: { 'application/json': { schema: ErrorEnvelopeSchema } } };
    if (options.budget) responses['422'] ??= { description: TOO_COSTLY, ...envelope };
    responses['503'] ??= { description: CANCELLED, ...envelope };
    if (ENGINE_QUEUED.some((r) => r.method === route.method && r.path === route.path)) {
      responses['429'] ??= { description: ENGINE_QUEUE_FULL, ...envelope, headers: { 'Retry-After': { description: 'Seconds to wait', schema: integer } } };
    }
    route.responses = responses;
  }
}
