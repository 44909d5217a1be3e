import type { MiddlewareHandler } from 'hono';
import { requestId as honoRequestId } from 'hono/request-id';
import { randomUUID } from 'node:crypto';
import { isCompleteResponse } from './complete-response.js';

declare module 'hono' {
  interface ContextVariableMap {
    /** The caller's X-Request-Id, or one generated for this request. */
    requestId: string;
  }
}

/** Longest caller-chosen request id we echo; longer or unprintable ones are replaced. */
const MAX_REQUEST_ID_LENGTH = 200;
const PRINTABLE = /^[\x21-\x7e]+$/;

/**
 * Hono's request-id middleware, with this service's rule for a caller's id: any printable id up
 * to 200 characters is kept (Hono's own keeps only letters, digits, `_`, `-` and `=`), and the
 * header is echoed here, not by Hono, so that a complete response keeps the one it carries.
 */
const assignRequestId = honoRequestId({
  headerName: '',
  generator: (c) => {
    const given = c.req.header('x-request-id');
    // A hostile id could inject headers or flood logs; only echo short printable ones.
    return given !== undefined && given.length <= MAX_REQUEST_ID_LENGTH && PRINTABLE.test(given) ? given : randomUUID();
  },
});

/**
 * Echoes the caller's X-Request-Id (or generates a UUID) on every response: on the response the
 * handler returned, unless it carries it already (see completeResponse); error responses built
 * by `onError` set it themselves, and log it with an unhandled error (docs/operations.md, "Logs").
 */
export function requestId(): MiddlewareHandler {
  return async function requestIdMiddleware(c, next) {
    await assignRequestId(c, async () => {
      await next();
      if (!isCompleteResponse(c)) c.res.headers.set('X-Request-Id', c.get('requestId'));
    });
  };
}
