import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { RouterRoute } from 'hono/types';
import { beforeNext } from './in-sequence.js';

declare module 'hono' {
  interface ContextVariableMap {
    /** Which routes of this app carry which marker (see RouteMarks); set first, app-wide. */
    routeMarks: RouteMarks;
  }
}

/**
 * Which routes (method and path pattern) have a middleware carrying a marker symbol in their
 * chain, recorded from each router's own routes as it is mounted. App-wide middlewares use it
 * to leave to a route's chain what the chain does itself, in its own order (after
 * authentication): the per-identity rate limit, the body limit.
 *
 * The routes are recorded by method and path rather than by handler because Hono may wrap a
 * mounted router's handlers (it does when the router has its own error handler), and what a
 * wrapped handler holds is not Hono's public interface; `matchedRoutes` gives the method and
 * path of every route a request matched.
 */
export class RouteMarks {
  // marker → method → path patterns: looked up with the matched routes' own strings, none built per request.
  readonly #routes = new Map<symbol, Map<string, Set<string>>>();

  /** Records the routes whose handler carries a marker; `routes` as mounted at the app's root. */
  record(routes: readonly RouterRoute[]): void {
    for (const { method, path, handler } of routes) {
      for (const marker of Object.getOwnPropertySymbols(handler)) {
        let byMethod = this.#routes.get(marker);
        if (byMethod === undefined) this.#routes.set(marker, (byMethod = new Map()));
        let paths = byMethod.get(method);
        if (paths === undefined) byMethod.set(method, (paths = new Set()));
        paths.add(path);
      }
    }
  }

  /** Mounts `router` at the app's root, recording its marked routes first. */
  mount(app: OpenAPIHono, router: OpenAPIHono): void {
    this.record(router.routes);
    app.route('/', router);
  }

  /** Whether a route matched by this request carries `marker`. */
  carries(c: Context, marker: symbol): boolean {
    const byMethod = this.#routes.get(marker);
    return byMethod !== undefined && matchedRoutes(c).some(({ method, path }) => byMethod.get(method)?.has(path) === true);
  }

  /** App-wide, first: makes these marks available to the middlewares after it. */
  provide(): MiddlewareHandler {
    return beforeNext((c) => {
      c.set('routeMarks', this);
    });
  }
}

/**
 * Whether a route matched by this request carries `marker`, by the app's RouteMarks; false in
 * an app that provides none.
 */
export function matchedRouteCarries(c: Context, marker: symbol): boolean {
  return c.get('routeMarks')?.carries(c, marker) ?? false;
}
