import type { MiddlewareHandler } from 'hono';
import type { RouteClass } from '../identity/usage-recorder.js';
import { beforeNext } from '../lib/in-sequence.js';
import { thenMaybe } from '../lib/maybe-promise.js';
import { rateLimitedError } from './rate-limit-headers.js';
import type { RateLimitDecision, RateLimiter } from './rate-limiter.js';

declare module 'hono' {
  interface ContextVariableMap {
    /** The rate-limit decision of this request; the app-wide middleware writes its headers. */
    rateLimit: RateLimitDecision;
  }
}

/**
 * Marks the middlewares that count a request against its authenticated identity, so the
 * app-wide IP limiter can tell, from the matched routes alone, which requests will be counted
 * here (once authentication succeeds) and which it must count itself.
 */
export const IDENTITY_LIMITED: unique symbol = Symbol('identityRateLimited');

export interface RateLimitByIdentityOptions {
  limiter: RateLimiter;
  routeClass: RouteClass;
}

/**
 * Counts the request against `c.get('auth').identity` (API key id or JWT sub) at the tier of the
 * caller's default organization; 429 RATE_LIMITED when the window is used up. Goes right after
 * authentication. The SSE class is not counted per minute (open streams are limited instead,
 * see ConcurrencyLimiter); its headers show the read window without using it.
 */
export function rateLimitByIdentity(options: RateLimitByIdentityOptions): MiddlewareHandler {
  const { limiter, routeClass } = options;
  if (typeof limiter?.consume !== 'function') throw new Error('rateLimitByIdentity: limiter is required');
  const middleware = beforeNext((c) => {
    const { identity, tier = 'free' } = c.get('auth');
    if (routeClass === 'sse') return limiter.peek(identity, tier, 'read').then((decision) => void c.set('rateLimit', decision));
    // No promise when the limiter counts in memory (see MaybePromise).
    return thenMaybe(limiter.consume(identity, tier, routeClass), (decision) => {
      c.set('rateLimit', decision);
      if (!decision.allowed) throw rateLimitedError(decision);
    });
  });
  return Object.assign(middleware, { [IDENTITY_LIMITED]: true });
}
