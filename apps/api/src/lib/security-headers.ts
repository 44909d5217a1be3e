import type { MiddlewareHandler } from 'hono';
import { isCompleteResponse } from './complete-response.js';
import { aroundNext } from './in-sequence.js';

/** Browsers must not guess a type other than the declared one (a JSON body read as HTML). */
export const NO_SNIFF = 'nosniff';

/** Tenant data and errors: kept by no cache, shared or private. */
export const NO_STORE = 'no-store';

/**
 * Public, tenant-free content that changes only with a deployment or an edited scenario file
 * (scenarios, domain adapters, the OpenAPI document): shared caches may keep it a minute, so a
 * change is seen within a minute without every reader asking again on each page.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60';

/**
 * App-wide, right after the request id, so it sees every response, errors and 429s included:
 * `X-Content-Type-Options: nosniff` on all of them, and `Cache-Control: no-store` on every
 * error and on every response whose route has not chosen a policy of its own. Only public
 * routes choose one (PUBLIC_CACHE_CONTROL; the docs page `no-cache`, its bundle `immutable`);
 * authenticated routes, SSE and NDJSON streams included, carry tenant data and keep the
 * default. A complete response (see completeResponse) brings both headers itself.
 */
export function securityHeaders(): MiddlewareHandler {
  return aroundNext({
    after(c) {
      if (isCompleteResponse(c)) return;
      const headers = c.res.headers;
      headers.set('X-Content-Type-Options', NO_SNIFF);
      if (c.res.status >= 400 || !headers.has('Cache-Control')) headers.set('Cache-Control', NO_STORE);
    },
  });
}
