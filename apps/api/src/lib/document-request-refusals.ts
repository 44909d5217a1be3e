import type { OpenAPIHono } from '@hono/zod-openapi';
import { ErrorEnvelopeSchema } from './error-envelope.js';
import { MAX_BODY_BYTES } from './body-limit.js';

const envelope = { content: { 'application/json': { schema: ErrorEnvelopeSchema } } };

const INVALID_REQUEST =
  'VALIDATION_ERROR: a query parameter the route does not declare (every route refuses one, at its name), ' +
  'or a path parameter that is not of its form; `details.issues` has one `{ path, message }` per problem.';

const BODY_TOO_LARGE = `PAYLOAD_TOO_LARGE: the body is over ${MAX_BODY_BYTES} bytes (1 MiB), with or without Content-Length; the connection is closed after the answer.`;

/**
 * Documents the refusals every route makes whatever it declares: 400 for a query parameter it
 * does not declare (withStrictQuery) or a path parameter out of form, and, on a route that takes
 * a body (POST, PUT), 413 for a body over 1 MiB (bodyLimit). A route that documents its own 400
 * or 413 keeps its words. Run after every router is mounted, so a route added later is covered.
 */
export function documentRequestRefusals(app: OpenAPIHono): void {
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const route = definition.route;
    const responses: typeof route.responses = { ...route.responses };
    responses['400'] ??= { description: INVALID_REQUEST, ...envelope };
    if (route.method === 'post' || route.method === 'put') responses['413'] ??= { description: BODY_TOO_LARGE, ...envelope };
    route.responses = responses;
  }
}
