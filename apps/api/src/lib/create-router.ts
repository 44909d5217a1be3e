import { OpenAPIHono, type RouteConfig, type z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { validationError } from './api-error.js';
import { asOneSequence, beforeNext } from './in-sequence.js';
import { MemoRouter } from './memo-router.js';
import { withStrictQuery } from './strict-query.js';
import { toIssues } from './validation-issues.js';
import { acceptingChecked, offLoopJsonBody, type JsonBodyChecker } from './off-loop-json.js';

/**
 * Every router of the app comes from here, so every validation failure (body, query, path,
 * headers) becomes the same 400 VALIDATION_ERROR envelope, and every route refuses query
 * parameters it does not declare (see withStrictQuery). Requests are matched through a
 * MemoRouter, and each route's middlewares run as one (see asOneRoute).
 */
export function createRouter(options: RouterOptions = {}): OpenAPIHono {
  const router = new OpenAPIHono({
    // Only the app's own router matches requests; mounted routers hand their routes to it.
    router: new MemoRouter(),
    defaultHook: (result) => {
      if (!result.success) refuseInvalid(result.error);
    },
  });
  const register = router.openapi;
  router.openapi = ((route, handler, hook) => {
    const strict = withStrictQuery(route);
    const { route: checked, last } = withOffLoopJson(router, strict, options.jsonBodies);
    return register(asOneRoute(router, checked, hook !== undefined, last), handler, hook);
  }) as typeof register;
  return router;
}

export interface RouterOptions {
  /** Checks long JSON bodies of the router's routes off the event loop (see offLoopJsonBody); left out, on it. */
  jsonBodies?: JsonBodyChecker | undefined;
}

/**
 * A route with a JSON body, given a checker: declared in the document as written, and handed to
 * Hono with a body schema that passes what the checker validated (acceptingChecked) and a
 * middleware that checks long bodies, to run last, after the path parameters' check.
 */
function withOffLoopJson<R extends RouteConfig>(router: OpenAPIHono, route: R, checker: JsonBodyChecker | undefined): { route: R; last: MiddlewareHandler[] } {
  const body = route.request?.body;
  const media = body?.content['application/json'];
  const schema = media !== undefined && 'schema' in media ? (media.schema as z.ZodType | undefined) : undefined;
  if (checker === undefined || body === undefined || media === undefined || schema === undefined || route.operationId === undefined) return { route, last: [] };
  const { middleware: _middleware, hide, ...declared } = route;
  if (hide !== true) router.openAPIRegistry.registerPath(declared);
  const content = { ...body.content, 'application/json': { ...media, schema: acceptingChecked(schema) } };
  return { route: { ...route, hide: true, request: { ...route.request, body: { ...body, content } } }, last: [offLoopJsonBody(route.operationId, checker)] };
}

/**
 * The route as Hono gets it: its middlewares as one handler (asOneSequence), since Hono's
 * dispatch costs every request a level per handler. A route that declares path parameters, no
 * query and no hook of its own also has its parameters checked in that sequence, as the
 * default hook would refuse them and in the same place (after the middlewares), but without
 * @hono/zod-validator's asynchronous parse and its own level of dispatch: it is the hot read's
 * (`GET /v1/simulations/{id}`). The document still declares the parameters, from the route as
 * written.
 */
function asOneRoute<R extends RouteConfig>(router: OpenAPIHono, route: R, hasHook: boolean, last: MiddlewareHandler[] = []): R {
  const own = route.middleware === undefined ? [] : Array.isArray(route.middleware) ? route.middleware : [route.middleware];
  const params = route.request?.params as z.ZodType | undefined;
  if (params === undefined || hasHook || route.request?.query !== undefined) {
    const chain = [...own, ...last];
    return chain.length === 0 ? route : { ...route, middleware: asOneSequence(chain) };
  }
  const { middleware: _middleware, hide, ...declared } = route;
  if (hide !== true) router.openAPIRegistry.registerPath(declared);
  const { params: _params, ...request } = route.request!;
  return { ...route, hide: true, request, middleware: asOneSequence([...own, checkParams(params), ...last]) };
}

/** Every validation failure of the app's routes: 400 VALIDATION_ERROR with one issue per problem. */
function refuseInvalid(error: z.ZodError): never {
  throw validationError(toIssues(error));
}

/**
 * The path parameters refused as zod-openapi's validator and the default hook refuse them, or
 * handed on as `c.req.valid('param')`. Parsed synchronously: a path parameter's schema (an id,
 * a name, a tick) has no asynchronous refinement, which zod would refuse to run here.
 */
function checkParams(schema: z.ZodType): MiddlewareHandler {
  return beforeNext((c) => {
    const result = schema.safeParse(c.req.param());
    if (!result.success) refuseInvalid(result.error);
    c.req.addValidatedData('param', result.data as Record<string, unknown>);
  });
}
