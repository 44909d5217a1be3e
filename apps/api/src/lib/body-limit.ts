import type { MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { ApiError } from './api-error.js';

/** decisions.md: a request body is at most 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Refuses bodies over `maxBytes` with 413 PAYLOAD_TOO_LARGE, whether or not Content-Length is sent. */
export function bodyLimit(maxBytes = MAX_BODY_BYTES): MiddlewareHandler {
  if (!Number.isInteger(maxBytes) || maxBytes <= 0) throw new Error('bodyLimit: maxBytes must be a positive integer');
  const limit = honoBodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds ${maxBytes} bytes`, { maxBytes });
    },
  });
  return async function bodyLimitMiddleware(c, next) {
    // GET and HEAD have no body to limit. Asking hono's middleware anyway reads `c.req.raw.body`,
    // which makes @hono/node-server build a full fetch Request for every read (about a tenth
    // of the cost of a GET in api.bench.ts).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return limit(c, next);
  };
}
