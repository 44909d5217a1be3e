import type { Context, MiddlewareHandler } from 'hono';
import { aroundNext } from './in-sequence.js';

/** The request came with a body: a length above 0, or chunks. */
const sentBody = (c: Context): boolean => {
  const length = c.req.header('content-length');
  return length === undefined ? c.req.header('transfer-encoding') !== undefined : length !== '0';
};

/**
 * App-wide: `Connection: close` on an answer given before the request's body was read (a 401,
 * 403 or 429 of the guards, a path refused at `id`, a route that does not exist).
 * @hono/node-server drains such a body for at most half a second and then closes the socket;
 * a body of more than about 100 KB stalls the drain (its stream waits for a reader), while the
 * answer said keep-alive, so a client that sent its next request down that connection lost it
 * ("other side closed"). Told to close, the client opens a new connection for its next request.
 */
export function closeAfterUnreadBody(): MiddlewareHandler {
  return aroundNext({
    after(c) {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return;
      // Every body the app reads goes through Hono's cache (text, json, arrayBuffer).
      if (Object.keys(c.req.bodyCache).length > 0 || !sentBody(c)) return;
      c.res.headers.set('Connection', 'close');
    },
  });
}
