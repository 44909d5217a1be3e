import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError } from '../lib/api-error.js';
import { payloadTooLarge } from '../lib/body-limit.js';
import { envelope } from '../lib/error-envelope.js';
import type { Logger } from '../lib/logger.js';
import { isEngineTaskCancelled } from '../engine-work/engine-runner.js';
import { workCancelledError } from '../work-budget/work-errors.js';

/**
 * RFC 9110 asks a 401 to name the schemes that would be accepted: an API key in its header, or a
 * bearer token (docs/api.md, "Errors"). Neither makes a browser show its password prompt.
 */
export const AUTHENTICATE_CHALLENGE = 'ApiKey header="X-Api-Key", Bearer';

function respond(c: Context, status: ContentfulStatusCode, error: ApiError | { code: string; message: string; details: Record<string, unknown> | null }) {
  const requestId = c.get('requestId') ?? '';
  // Given to c.json, not set on the response after: a response passed on (Hono's `c.res`
  // setter) keeps only the headers it was made with.
  const headers: Record<string, string> = error instanceof ApiError ? { ...error.headers } : {};
  if (requestId !== '') headers['X-Request-Id'] = requestId;
  if (status === 401) headers['WWW-Authenticate'] = AUTHENTICATE_CHALLENGE;
  return c.json(envelope(error.code, error.message, error.details, requestId), status, headers);
}

/** Hono's own request failures (malformed JSON, wrong media type) are the caller's validation problems. */
function fromHttpException(error: HTTPException): ApiError {
  if (error.status === 400 || error.status === 415) {
    const message = error.status === 415 ? 'Content-Type must be application/json' : 'The request body is not valid JSON';
    return new ApiError(400, 'VALIDATION_ERROR', message, { issues: [{ path: '', message }] });
  }
  if (error.status === 413) return payloadTooLarge();
  return new ApiError(error.status as ContentfulStatusCode, 'HTTP_ERROR', error.message || 'Request failed');
}

/**
 * The app's single error handler: ApiError keeps its status and code; an engine task cancelled
 * (its client left, the server stops) is 503 WORK_CANCELLED wherever it was running; everything
 * else is a 500 INTERNAL_ERROR whose message says nothing about stacks, SQL or files (it is
 * logged instead).
 */
export function errorHandler(logger: Logger): ErrorHandler {
  return function onError(error, c) {
    if (error instanceof ApiError) return respond(c, error.status, error);
    // Through `unknown`: the guard would otherwise narrow `error` to never below (its class adds nothing to Error's shape).
    if (isEngineTaskCancelled(error as unknown)) {
      const cancelled = workCancelledError();
      return respond(c, cancelled.status, cancelled);
    }
    if (error instanceof HTTPException) {
      const mapped = fromHttpException(error);
      return respond(c, mapped.status, mapped);
    }
    logger.error('unhandled error', { requestId: c.get('requestId'), method: c.req.method, path: c.req.path, error: String(error?.stack ?? error) });
    return respond(c, 500, { code: 'INTERNAL_ERROR', message: 'Internal server error', details: null });
  };
}

export const notFoundHandler: NotFoundHandler = (c) =>
  respond(c, 404, { code: 'NOT_FOUND', message: `No route for ${c.req.method} ${c.req.path}`, details: null });
