import { ApiError } from '../lib/api-error.js';
import type { RateLimitDecision } from './rate-limiter.js';

/** X-RateLimit-Limit, -Remaining and -Reset (Unix seconds) of a decision. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(decision.resetAt),
  };
}

/** X-RateLimit-Compute-Limit, -Remaining (agent-ticks) and -Reset of the compute window. */
export function computeRateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  return {
    'X-RateLimit-Compute-Limit': String(decision.limit),
    'X-RateLimit-Compute-Remaining': String(decision.remaining),
    'X-RateLimit-Compute-Reset': String(decision.resetAt),
  };
}

/** Sets the headers on a response (and the compute window's, when the request drew on it); rebuilds it when its headers are immutable. */
export function withRateLimitHeaders(response: Response, decision: RateLimitDecision, compute?: RateLimitDecision): Response {
  const headers = compute === undefined ? rateLimitHeaders(decision) : { ...rateLimitHeaders(decision), ...computeRateLimitHeaders(compute) };
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}

/** 429 RATE_LIMITED with Retry-After; the envelope's details say the same in numbers. */
export function rateLimitedError(decision: RateLimitDecision): ApiError {
  return new ApiError(
    429,
    'RATE_LIMITED',
    `Rate limit of ${decision.limit} ${decision.routeClass} requests per ${decision.windowSeconds} s exceeded; retry in ${decision.retryAfter} s`,
    {
      routeClass: decision.routeClass,
      limit: decision.limit,
      windowSeconds: decision.windowSeconds,
      retryAfter: decision.retryAfter,
      resetAt: decision.resetAt,
    },
    { ...rateLimitHeaders(decision), 'Retry-After': String(decision.retryAfter) },
  );
}
