import type { Context } from 'hono';
import type { RateLimitDecision } from '../rate-limit/rate-limiter.js';
import type { WorkRequest } from './work-budget.js';

declare module 'hono' {
  interface ContextVariableMap {
    /** The compute window's decision for this request; written as X-RateLimit-Compute-* on the way out. */
    computeRateLimit: RateLimitDecision;
  }
}

/**
 * The WorkRequest of an authenticated request: its caller, the signal that aborts when the
 * client disconnects (@hono/node-server aborts it when the socket closes before the response
 * is finished), and where the compute decision goes. A refused compute decision also becomes
 * the request's rate-limit decision, so the 429's X-RateLimit-* describe the window that refused.
 */
export function workRequest(c: Context): WorkRequest {
  return {
    auth: c.get('auth'),
    signal: c.req.raw.signal,
    onDecision: (decision) => {
      c.set('computeRateLimit', decision);
      if (!decision.allowed) c.set('rateLimit', decision);
    },
  };
}
