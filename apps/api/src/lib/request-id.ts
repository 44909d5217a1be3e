import type { MiddlewareHandler } from 'hono';
import { randomUUID } from 'node:crypto';
import { isCompleteResponse } from './complete-response.js';
import { requestHeader } from './request-header.js';

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
 * by `onError` set it themselves.
 */
export function requestId(): MiddlewareHandler {
  return async function requestIdMiddleware(c, next) {
    const given = requestHeader(c, 'x-request-id');
    // A hostile id could inject headers or flood logs; only echo short printable ones.
    const id = given !== undefined && given.length <= MAX_REQUEST_ID_LENGTH && PRINTABLE.test(given) ? given : randomUUID();
    c.set('requestId', id);
    await next();
    if (!isCompleteResponse(c)) c.res.headers.set('X-Request-Id', id);
  };
}
