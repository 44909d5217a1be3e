import type { Context, MiddlewareHandler } from 'hono';
import { envelope } from '../lib/error-envelope.js';
import { isCompleteResponse } from '../lib/complete-response.js';
import { aroundNext } from '../lib/in-sequence.js';
import { matchedRouteCarries } from '../lib/route-markers.js';
import { socketClientIp, type ClientIpResolver } from './client-ip.js';
import { IDENTITY_LIMITED } from './rate-limit-by-identity.js';
import { rateLimitedError, withRateLimitHeaders } from './rate-limit-headers.js';
import type { RateLimitDecision, RateLimiter } from './rate-limiter.js';
import { classifyRequest } from './route-class.js';

export interface RateLimitByIpOptions {
  limiter: RateLimiter;
  clientIp?: ClientIpResolver;
}

const countedByIdentity = (c: Context): boolean => matchedRouteCarries(c, IDENTITY_LIMITED);

/**
 * Health checks come from monitors, often several behind one address (a NAT, a load balancer's
 * probes). They get a bucket of their own per address, as large as the enterprise tier's Read
 * limit (default 30 000 per minute): monitors never exhaust it, and neither they nor anyone
 * else can spend the address's ordinary free-tier bucket through it. A flood of health checks
 * is still limited, and the response still tells its X-RateLimit-*.
 */
export const HEALTH_PATH = '/v1/health';
const HEALTH_TIER = 'enterprise';

const hasCredentials = (c: Context): boolean => c.req.header('x-api-key') !== undefined || c.req.header('authorization') !== undefined;

/**
 * App-wide, right after the request id. Counts against the client IP, at the free tier, every
 * request that no identity limiter will count: public routes, unknown routes, and protected
 * routes called without credentials (refused before the handler, so refused here first when the
 * IP is over its limit). A protected route called with credentials that authentication rejects
 * is counted afterwards, and its 401 becomes a 429 once the IP is over the limit.
 * On the way out it writes X-RateLimit-* of whichever decision was made onto every response.
 */
export function rateLimitByIp(options: RateLimitByIpOptions): MiddlewareHandler {
  const { limiter, clientIp = socketClientIp } = options;
  if (typeof limiter?.consume !== 'function') throw new Error('rateLimitByIp: limiter is required');
  const consumeForIp = (c: Context) => {
    const routeClass = classifyRequest(c.req.method, c.req.path);
    return c.req.path === HEALTH_PATH
      ? limiter.consume(`ip-health:${clientIp(c)}`, HEALTH_TIER, routeClass)
      : limiter.consume(`ip:${clientIp(c)}`, 'free', routeClass);
  };

  // The address's decision, kept for the headers the second half writes.
  const countIp = async (c: Context): Promise<RateLimitDecision> => {
    const decision = await consumeForIp(c);
    c.set('rateLimit', decision);
    return decision;
  };
  const limitIp = async (c: Context): Promise<void> => {
    const decision = await countIp(c);
    if (!decision.allowed) throw rateLimitedError(decision);
  };
  // Assigning c.res copies the response, so only when its headers could not be set in place.
  const writeHeaders = (c: Context, decision: RateLimitDecision): void => {
    if (isCompleteResponse(c)) return;
    const response = withRateLimitHeaders(c.res, decision, c.get('computeRateLimit'));
    if (response !== c.res) c.res = response;
  };
  // Left to the identity limiter (`before` decides every other request), but authentication
  // refused the credentials before it ran.
  const limitRefusedCredentials = async (c: Context): Promise<void> => {
    const decision = await countIp(c);
    if (!decision.allowed) {
      c.res = tooManyResponse(c, decision);
      // Hono's setter keeps the refused answer's headers: the 401's challenge is not the 429's.
      c.res.headers.delete('WWW-Authenticate');
    }
    writeHeaders(c, decision);
  };

  // Not async: a request its identity limiter counts passes both halves without a promise.
  return aroundNext({
    before: (c) => (countedByIdentity(c) && hasCredentials(c) ? undefined : limitIp(c)),
    after(c) {
      const decision = c.get('rateLimit');
      if (decision === undefined) return limitRefusedCredentials(c);
      writeHeaders(c, decision);
    },
  });
}

function tooManyResponse(c: Context, decision: Parameters<typeof rateLimitedError>[0]): Response {
  const error = rateLimitedError(decision);
  const body = envelope(error.code, error.message, error.details, c.get('requestId') ?? '');
  return new Response(JSON.stringify(body), { status: 429, headers: { 'Content-Type': 'application/json', ...error.headers } });
}
