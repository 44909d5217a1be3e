import type { OpenAPIHono } from '@hono/zod-openapi';
import { ErrorEnvelopeSchema } from '../lib/error-envelope.js';

/** Headers given as a plain object (a zod object of headers is left as it is). */
const plainHeaders = (headers: unknown): Record<string, unknown> =>
  typeof headers === 'object' && headers !== null && !('shape' in headers) ? (headers as Record<string, unknown>) : {};

const integer = { type: 'integer' } as const;
const RATE_HEADERS = {
  'X-RateLimit-Limit': { description: 'Requests allowed in the window for this identity and route class', schema: integer },
  'X-RateLimit-Remaining': { description: 'Requests left in the window', schema: integer },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) at which the window resets', schema: integer },
};

const TOO_MANY =
  'RATE_LIMITED: the window of this identity (API key, JWT sub, or client IP for public routes and failed credentials) and route class is used up; ' +
  '`Retry-After` gives the seconds to wait, `details` the limit, window and reset time.';

/** Documents the X-RateLimit-* headers on every response of every route, and the 429. */
export function documentRateLimits(app: OpenAPIHono): void {
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const route = definition.route;
    const responses: typeof route.responses = {};
    for (const [status, response] of Object.entries(route.responses)) {
      responses[status] = '$ref' in response ? response : { ...response, headers: { ...plainHeaders(response.headers), ...RATE_HEADERS } };
    }
    if (responses['429'] === undefined) {
      responses['429'] = {
        description: TOO_MANY,
        headers: { ...RATE_HEADERS, 'Retry-After': { description: 'Seconds until the window resets', schema: integer } },
        content: { 'application/json': { schema: ErrorEnvelopeSchema } },
      };
    }
    route.responses = responses;
  }
}
