import type { RouteClass } from '../identity/usage-recorder.js';

/** The per-minute classes of the interface; SSE is limited by open streams instead. */
export type WindowedRouteClass = Exclude<RouteClass, 'sse'>;

/**
 * What a window counts: requests of a route class, or `compute`, the engine work (agent-ticks)
 * of an identity, which requests of any class that run the engine draw on.
 */
export type RateLimitClass = WindowedRouteClass | 'compute';

const STEP = /^\/v1\/simulations\/[^/]+\/step\/?$/;

/**
 * The class of a request that no protected route has classified (public routes, unknown routes,
 * requests refused by authentication): GET (and HEAD, OPTIONS) read; POST …/step and PUT step
 * (as the app's guards count agent-policy and time-control); every other write create.
 */
export function classifyRequest(method: string, path: string): WindowedRouteClass {
  const m = method.toUpperCase();
  if (m === 'GET' || m === 'HEAD' || m === 'OPTIONS') return 'read';
  if (m === 'PUT' || (m === 'POST' && STEP.test(path))) return 'step';
  return 'create';
}
