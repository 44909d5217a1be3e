import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { RouterRoute } from 'hono/types';

declare module 'hono' {
  interface ContextVariableMap {
    /** Which routes of this app carry which marker (see RouteMarks); set first, app-wide. */
    routeMarks: RouteMarks;
  }
}

const routeKey = (method: string, path: string): string => `${method} ${path}`;

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
  readonly #routes = new Map<symbol, Set<string>>();

  /** Records the routes whose handler carries a marker; `routes` as mounted at the app's root. */
  record(routes: readonly RouterRoute[]): void {
    for (const { method, path, handler } of routes) {
      for (const marker of Object.getOwnPropertySymbols(handler)) {
        let keys = this.#routes.get(marker);
        if (keys === undefined) this.#routes.set(marker, (keys = new Set()));
        keys.add(routeKey(method, path));
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
    const keys = this.#routes.get(marker);
    return keys !== undefined && matchedRoutes(c).some(({ method, path }) => keys.has(routeKey(method, path)));
  }

  /** App-wide, first: makes these marks available to the middlewares after it. */
  provide(): MiddlewareHandler {
    const provideRouteMarks: MiddlewareHandler = async (c, next) => {
      c.set('routeMarks', this);
      await next();
    };
    return provideRouteMarks;
  }
}

/**
 * Whether a route matched by this request carries `marker`, by the app's RouteMarks; false in
 * an app that provides none.
 */
export function matchedRouteCarries(c: Context, marker: symbol): boolean {
  return c.get('routeMarks')?.carries(c, marker) ?? false;
}
