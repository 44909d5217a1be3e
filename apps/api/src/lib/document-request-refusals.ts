import type { OpenAPIHono } from '@hono/zod-openapi';
import { ErrorEnvelopeSchema } from './error-envelope.js';
import { MAX_BODY_BYTES } from './body-limit.js';

const envelope = { content: { 'application/json': { schema: ErrorEnvelopeSchema } } };

const INVALID_REQUEST =
  'VALIDATION_ERROR: a query parameter the route does not declare (every route refuses one, at its name), ' +
  'or a path parameter that is not of its form; `details.issues` has one `{ path, message }` per problem.';

const BODY_TOO_LARGE = `PAYLOAD_TOO_LARGE: the body is over ${MAX_BODY_BYTES} bytes (1 MiB), with or without Content-Length; the connection is closed after the answer.`;

const LONG_BODIES_BUSY =
  'ENGINE_BUSY: the server has its most long JSON bodies (32 KiB or more) and result exports waiting for the thread that reads them (64); ' +
  '`details.retryAfter` says when to retry, in seconds (docs/api.md, "Where it runs").';

const INTERNAL_ERROR =
  'INTERNAL_ERROR: an unexpected failure; the envelope carries `requestId` and never a stack trace. On a POST with an Idempotency-Key it is cached ' +
  '(a retry with the key replays it; use a new key to try again), and it is also the replay for a key whose request stored its change ' +
  'but not its answer, because the server stopped between the two (`details.changeStored: true`, and `details.resource` names what it created): the change is not made twice.';

/**
 * Documents the refusals every route makes whatever it declares: 400 for a query parameter it
 * does not declare (withStrictQuery) or a path parameter out of form, and, on a route that takes
 * a body (POST, PUT), 413 for a body over 1 MiB (bodyLimit); on a route with a JSON body, 503
 * when the thread that reads long bodies has too many waiting; and 500, which any route may answer.
 * A route that documents its own 400, 413 or 500 keeps its words. A route that names no security
 * scheme is public, and says so (`security: []`). Run after every router is mounted, so a route
 * added later is covered.
 */
export function documentRequestRefusals(app: OpenAPIHono): void {
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const route = definition.route;
    const responses: typeof route.responses = { ...route.responses };
    responses['400'] ??= { description: INVALID_REQUEST, ...envelope };
    if (route.method === 'post' || route.method === 'put') responses['413'] ??= { description: BODY_TOO_LARGE, ...envelope };
    if (route.request?.body?.content['application/json'] !== undefined) responses['503'] ??= { description: LONG_BODIES_BUSY, ...envelope };
    responses['500'] ??= { description: INTERNAL_ERROR, ...envelope };
    route.responses = responses;
    // A public route says so: no credentials at all, rather than leaving a reader (or a linter) to guess.
    route.security ??= [];
  }
}
