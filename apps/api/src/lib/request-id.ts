import type { MiddlewareHandler } from 'hono';
import { randomUUID } from 'node:crypto';
import { isCompleteResponse } from './complete-response.js';
import { aroundNext } from './in-sequence.js';

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
 * Echoes the caller's X-Request-Id (or generates a UUID) on every response: on the response the
 * handler returned, unless it carries it already (see completeResponse); error responses built
 * by `onError` set it themselves, and log it with an unhandled error (docs/operations.md, "Logs").
 * A caller's id is kept when printable and at most 200 characters (Hono's own request-id
 * middleware keeps only letters, digits, `_`, `-` and `=`); it is read without building the
 * request's Headers object (see headersFromIncoming), which no cached read needs otherwise.
 */
export function requestId(): MiddlewareHandler {
  return aroundNext({
    before(c) {
      const given = c.req.header('x-request-id');
      // A hostile id could inject headers or flood logs; only echo short printable ones.
      c.set('requestId', given !== undefined && given.length <= MAX_REQUEST_ID_LENGTH && PRINTABLE.test(given) ? given : randomUUID());
    },
    after(c) {
      if (!isCompleteResponse(c)) c.res.headers.set('X-Request-Id', c.get('requestId'));
    },
  });
}
