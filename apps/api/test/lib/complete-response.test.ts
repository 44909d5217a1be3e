import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { completeResponse } from '../../src/http/build-complete-response.js';
import { isCompleteResponse } from '../../src/lib/complete-response.js';
import { requestId } from '../../src/lib/request-id.js';
import type { RateLimitDecision } from '../../src/rate-limit/rate-limiter.js';

const decision: RateLimitDecision = {
  allowed: true,
  routeClass: 'read',
  limit: 300,
  remaining: 299,
  windowSeconds: 60,
  resetAt: 1_900_000_020,
  retryAfter: 20,
};

describe('completeResponse', () => {
  it("carries the request's id and rate-limit headers from the start, each once", async () => {
    let complete: boolean | undefined;
    const app = new Hono();
    app.use('*', requestId());
    app.use('*', async (c, next) => {
      c.set('rateLimit', decision);
      await next();
      complete = isCompleteResponse(c);
    });
    app.get('/complete', (c) => completeResponse(c, '{"a":1}', 200, 'application/json'));
    app.get('/plain', (c) => c.json({ a: 1 }));

    const res = await app.request('/complete', { headers: { 'X-Request-Id': 'trace-1' } });
    expect(complete).toBe(true);
    expect([res.status, res.headers.get('content-type'), await res.text()]).toEqual([200, 'application/json', '{"a":1}']);
    expect(res.headers.get('x-request-id')).toBe('trace-1');
    expect([res.headers.get('x-ratelimit-limit'), res.headers.get('x-ratelimit-remaining'), res.headers.get('x-ratelimit-reset')]).toEqual([
      '300',
      '299',
      '1900000020',
    ]);

    // Any other response gets its request id from the middleware after the handler.
    const plain = await app.request('/plain', { headers: { 'X-Request-Id': 'trace-2' } });
    expect(complete).toBe(false);
    expect(plain.headers.get('x-request-id')).toBe('trace-2');
  });
});
