import type { RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { validationError } from './api-error.js';
import { beforeNext } from './in-sequence.js';

/** The message of an unknown query parameter: the words zod uses for an unknown body field. */
const unknownParameter = (name: string): string => `Unrecognized key: "${name}"`;

/**
 * For a route that declares no query: any query parameter is unknown, a 400 VALIDATION_ERROR
 * with one issue at each name. A request without `?` costs one indexOf.
 */
export const rejectQuery: MiddlewareHandler = beforeNext((c) => {
  const url = c.req.url;
  const at = url.indexOf('?');
  if (at !== -1 && at < url.length - 1) {
    const names = [...new Set(new URLSearchParams(url.slice(at + 1)).keys())];
    if (names.length > 0) throw validationError(names.map((name) => ({ path: name, message: unknownParameter(name) })));
  }
});

interface StrictCapable {
  strict(): unknown;
}
const canBeStrict = (schema: unknown): schema is StrictCapable =>
  typeof schema === 'object' && schema !== null && typeof (schema as Partial<StrictCapable>).strict === 'function';

/**
 * A route whose query is checked for unknown parameters, like an unknown body field: its
 * declared query schema made strict (zod reports each unknown key; validation-issues puts it at
 * the parameter's name), or, when it declares none, `rejectQuery` after its own middleware
 * (authentication first, as for every other validation). Driven by the declaration that also
 * writes the OpenAPI parameters, so the two cannot disagree. createRouter applies it to every
 * route.
 */
export function withStrictQuery<R extends RouteConfig>(route: R): R {
  const query = route.request?.query;
  if (query === undefined) {
    const own = route.middleware === undefined ? [] : Array.isArray(route.middleware) ? route.middleware : [route.middleware];
    return { ...route, middleware: [...own, rejectQuery] };
  }
  if (!canBeStrict(query)) throw new Error(`route ${route.method.toUpperCase()} ${route.path}: its query schema must be a zod object`);
  return { ...route, request: { ...route.request, query: query.strict() } };
}
