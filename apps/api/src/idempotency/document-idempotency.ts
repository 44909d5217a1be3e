import type { OpenAPIHono } from '@hono/zod-openapi';
import { ErrorEnvelopeSchema } from '../lib/error-envelope.js';
import { IN_PROGRESS_RETRY_AFTER_SECONDS, UNCACHED_ERROR_CODES } from './idempotency.js';
import { IDEMPOTENCY_KEY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH } from './idempotency-key.js';
import { REPLAYED_HEADER } from './replay-response.js';

/** Headers given as a plain object (a zod object of headers is left as it is). */
const plainHeaders = (headers: unknown): Record<string, unknown> =>
  typeof headers === 'object' && headers !== null && !('shape' in headers) ? (headers as Record<string, unknown>) : {};

const KEY_DESCRIPTION = [
  `Retry key (1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters), scoped to the caller (and a JWT's issuer), the organization the request acts for`,
  "(the body's `organizationId`, else the caller's default), the method and the path; kept 24 hours.",
  'A repeat with the same key and the same JSON body (key order and spacing do not matter) and the same Accept replays the first response',
  '(status, body byte for byte, Location, Content-Type) with `Idempotency-Replayed: true`; X-RateLimit-* are live.',
  "A replayed error envelope carries this request's id in `error.requestId`.",
  'Responses the handler produced are cached, 404 and 5xx included; refusals are not (the key stays free):',
  `${[...UNCACHED_ERROR_CODES].join(', ')}.`,
].join(' ');

const CONFLICT_DESCRIPTION =
  'IDEMPOTENCY_KEY_REUSE: the Idempotency-Key was used with a different body or Accept. ' +
  `IDEMPOTENCY_KEY_IN_PROGRESS: the first request with this key is still running; \`details.retryAfter\` (seconds, ${IN_PROGRESS_RETRY_AFTER_SECONDS}) says when to ask again, and a retry then gets the replay (or another 409 while it still runs). ` +
  'A key whose request was in flight when the server stopped is released when it starts again.';

/**
 * Documents what the idempotency middleware enforces on every POST route: the Idempotency-Key
 * parameter, the 409 codes and the Idempotency-Replayed header. Derived from the registered
 * routes, so a POST route added later is documented without touching it.
 */
export function documentIdempotency(app: OpenAPIHono): void {
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route' || definition.route.method !== 'post') continue;
    const route = definition.route;
    if ((route.parameters ?? []).some((p) => 'name' in p && p.name === IDEMPOTENCY_KEY_HEADER)) continue;
    const parameter = {
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      description: KEY_DESCRIPTION,
      schema: { type: 'string', minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH },
      example: 'create-7f3a9c',
    };
    route.parameters = [...(route.parameters ?? []), parameter] as typeof route.parameters;
    const existing = route.responses['409'];
    const before = existing !== undefined && 'description' in existing && existing.description ? `${existing.description}. ` : '';
    const responses: typeof route.responses = {};
    for (const [status, response] of Object.entries(route.responses)) {
      responses[status] =
        status.startsWith('2') && !('$ref' in response)
          ? {
              ...response,
              headers: {
                ...plainHeaders(response.headers),
                [REPLAYED_HEADER]: { description: '`true` when this response is a replay', schema: { type: 'string', enum: ['true'] } },
              },
            }
          : response;
    }
    const existingHeaders = existing !== undefined && !('$ref' in existing) ? existing.headers : undefined;
    responses['409'] = {
      description: `${before}${CONFLICT_DESCRIPTION}`,
      ...(existingHeaders === undefined ? {} : { headers: existingHeaders }),
      content: { 'application/json': { schema: ErrorEnvelopeSchema } },
    };
    route.responses = responses;
  }
}
