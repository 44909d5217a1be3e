import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { ApiError } from './api-error.js';
import { beforeNext, handedOn } from './in-sequence.js';
import { matchedRouteCarries } from './route-markers.js';

/** A request body is at most 1 MiB (docs/api.md, "Limits"). */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Marks the body limit of a route's own chain, so the app-wide one (`unroutedBodyLimit`) can
 * tell from the matched routes alone that the route checks the size itself, later.
 */
export const BODY_LIMITED: unique symbol = Symbol('bodyLimited');

const checkedMax = (maxBytes: number): number => {
  if (!Number.isInteger(maxBytes) || maxBytes <= 0) throw new Error('bodyLimit: maxBytes must be a positive integer');
  return maxBytes;
};

/**
 * The 413 closes the connection (`Connection: close`; Node ends the socket once the response is
 * written). The refused body is not read to its end: what is left of it is still on the way,
 * and a chunked body's stream has been cancelled, which ends the socket anyway. Said in the
 * response, a keep-alive client opens a fresh connection for its next request instead of
 * sending it down one that is about to close (undici's UND_ERR_SOCKET).
 */
export function payloadTooLarge(maxBytes = MAX_BODY_BYTES): ApiError {
  return new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds ${maxBytes} bytes`, { maxBytes }, { Connection: 'close' });
}

/**
 * Hono's limit does all its work before handing on (it refuses by Content-Length, or reads a
 * chunked body whole and puts it back), so it runs as a check: hono 4.13's, which the tests of a
 * chunked 413 would show if a later version checked after handing on.
 */
function limitBody(maxBytes: number): (c: Context) => Promise<void> | undefined {
  const limit = honoBodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw payloadTooLarge(maxBytes);
    },
  });
  return (c) => {
    // GET and HEAD have no body to limit. Asking hono's middleware anyway reads `c.req.raw.body`,
    // which makes @hono/node-server build a full fetch Request for every read (about a tenth
    // of the cost of a GET in api.bench.ts).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return undefined;
    return limit(c, handedOn).then((answer) => {
      // Our onError throws; an answer here would be a refusal that nothing would send.
      if (answer instanceof Response) throw payloadTooLarge(maxBytes);
    });
  };
}

/**
 * Refuses bodies over `maxBytes` with 413 PAYLOAD_TOO_LARGE, whether or not Content-Length is
 * sent (a chunked body is read up to the limit). For a protected route's chain, after
 * authentication and the identity rate limit: the 413 of a valid credential is counted in,
 * and carries the X-RateLimit-* of, that credential's bucket, and a request without valid
 * credentials is refused with 401 before its body is read at all. Before idempotency, which
 * reads the body.
 */
export function bodyLimit(maxBytes = MAX_BODY_BYTES): MiddlewareHandler {
  return Object.assign(beforeNext(limitBody(checkedMax(maxBytes))), { [BODY_LIMITED]: true });
}

/**
 * App-wide: the same limit for every request that no route chain limits itself (public routes,
 * unknown routes, a method a path does not have), so each of them still gets 413 with the
 * error envelope.
 */
export function unroutedBodyLimit(maxBytes = MAX_BODY_BYTES): MiddlewareHandler {
  const limit = limitBody(checkedMax(maxBytes));
  return beforeNext((c) => (c.req.method === 'GET' || c.req.method === 'HEAD' || matchedRouteCarries(c, BODY_LIMITED) ? undefined : limit(c)));
}
