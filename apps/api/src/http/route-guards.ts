import type { ErrorHandler, MiddlewareHandler } from 'hono';
import type { JsonBodyChecker } from '../lib/off-loop-json.js';
import type { Authenticator, Scope } from '../identity/auth-context.js';
import { requireAuth } from '../identity/require-auth.js';
import { requireScope } from '../identity/require-scope.js';
import type { RouteClass, UsageRecorder } from '../identity/usage-recorder.js';
import { countRequests } from './count-requests.js';
import { bodyLimit } from '../lib/body-limit.js';
import { inSequence } from '../lib/in-sequence.js';

/** Middlewares later features plug into the protected routes (see AppExtensions). */
export interface GuardExtensions {
  /** Per-identity rate limit for a route class; runs right after authentication. */
  rateLimit?: ((routeClass: RouteClass) => MiddlewareHandler) | undefined;
  /** Idempotency-Key handling; runs on every POST after auth, rate limit and scope, before validation. */
  idempotency?: MiddlewareHandler | undefined;
  /** Counts requests by route class for GET /v1/usage, once authenticated, within limits and in scope. */
  usage?: UsageRecorder | undefined;
  /** The bounded queue of engine work (engineQueue); runs last on `engineRead` and `engineCreate` routes. */
  engineQueue?: MiddlewareHandler | undefined;
  /** Parses and validates long JSON bodies off the event loop; the routers with bodies hand it to createRouter. */
  jsonBodies?: JsonBodyChecker | undefined;
}

/** The middleware chains of protected routes, by what they do. Declared on each createRoute. */
export interface RouteGuards {
  /** GET: scope simulation:read, rate class read. */
  read: MiddlewareHandler[];
  /** POST that creates (simulations, run, from-domain, decrees): write scope, class create, idempotent. */
  create: MiddlewareHandler[];
  /** POST step: write scope, class step, idempotent. */
  step: MiddlewareHandler[];
  /** PUT agent-policy and time-control: write scope, counted in the step class. */
  update: MiddlewareHandler[];
  /** A GET that reads through the engine (trace, a past state, compare): `read`, then the engine's bounded queue. */
  engineRead: MiddlewareHandler[];
  /**
   * A POST that creates by replaying through the engine (a fork): `create`, then the engine's
   * bounded queue, after idempotency, so that a replayed answer takes no place in it.
   */
  engineCreate: MiddlewareHandler[];
  /** A GET that needs another scope than simulation:read (GET /v1/organization, /v1/usage): class read. */
  readWith(scope: Scope): MiddlewareHandler[];
  /** What checks the routes' long JSON bodies off the event loop (createRouter's `jsonBodies`); none: on it. */
  jsonBodies: JsonBodyChecker | undefined;
}

/** `security` of every protected route: either credential. */
export const PROTECTED: Array<Record<string, string[]>> = [{ ApiKeyAuth: [] }, { BearerAuth: [] }];

/**
 * Order: authentication → identity rate limit → scope → body limit → usage → idempotency. The
 * body size is checked here rather than app-wide so that a 413 is counted against, and shows
 * the X-RateLimit-* of, the caller's own bucket (not the client IP's free tier), and a request
 * without valid credentials is a 401 whatever its size; idempotency reads the body, so after.
 * Each chain is one middleware to the router (see inSequence).
 */
export function createRouteGuards(authenticator: Authenticator, extensions: GuardExtensions = {}, onError?: ErrorHandler): RouteGuards {
  const auth = requireAuth(authenticator);
  const limitBody = bodyLimit();
  const chain = (routeClass: RouteClass, scope: Scope, post: boolean): MiddlewareHandler[] => [
    inSequence(
      [
        auth,
        ...(extensions.rateLimit ? [extensions.rateLimit(routeClass)] : []),
        requireScope(scope),
        limitBody,
        ...(extensions.usage ? [countRequests(extensions.usage, routeClass)] : []),
        ...(post && extensions.idempotency ? [extensions.idempotency] : []),
      ],
      onError,
    ),
  ];
  const queued = extensions.engineQueue ? [extensions.engineQueue] : [];
  return {
    read: chain('read', 'simulation:read', false),
    engineRead: [...chain('read', 'simulation:read', false), ...queued],
    create: chain('create', 'simulation:write', true),
    engineCreate: [...chain('create', 'simulation:write', true), ...queued],
    step: chain('step', 'simulation:write', true),
    update: chain('step', 'simulation:write', false),
    readWith: (scope) => chain('read', scope, false),
    jsonBodies: extensions.jsonBodies,
  };
}
