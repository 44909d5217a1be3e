import type { Context, MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import { aroundNext, handedOn } from '../lib/in-sequence.js';

const conditional = etag();

/**
 * Conditional GET for a route whose responses carry their ETag (see jsonOnce's `tagged`): a
 * request whose If-None-Match names the current tag is answered 304 with no body, after the
 * route's guards (authentication, scope, tenancy and rate limit are checked as for a 200).
 * Hono's etag middleware compares the tags, as the second half of this one (see aroundNext);
 * it is skipped without If-None-Match, since it reads the response's headers, which would cost
 * the hot read the plain-record headers it is built with (see completeResponse). The 304 is a
 * response of its own, no longer the complete one: the app-wide middlewares give it their
 * headers (request id, no-store, the rate limits) as to any other.
 * docs/api.md, "Conditional reads".
 */
export const notModified: MiddlewareHandler = aroundNext({
  after: (c) => (c.req.header('If-None-Match') === undefined ? undefined : compareTags(c)),
});

async function compareTags(c: Context): Promise<void> {
  // Hono's etag middleware compares once the rest has answered; here the rest has answered already.
  await conditional(c, handedOn);
  if (c.res.status === 304) c.res.headers.delete('Content-Type');
}
