import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A failure that reaches the caller as the interface's error envelope. Throw it anywhere in a
 * request; the app's single `onError` turns it into `{ error: { code, message, details, requestId } }`.
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> | null = null,
    /** Extra response headers, such as Retry-After on 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** One field-level problem of a VALIDATION_ERROR, at the dotted path of the field. */
export interface ValidationProblem {
  path: string;
  message: string;
}

/**
 * The most problems one VALIDATION_ERROR lists (docs/api.md, "Errors"). A 1 MiB body can hold a
 * hundred thousand of them (ten thousand agents with a dozen unknown keys each): listing them
 * all made an 11 MB answer and held the event loop for seconds, and a client fixes the first
 * hundred before it needs the next.
 */
export const MAX_REPORTED_ISSUES = 100;

/** 400 VALIDATION_ERROR listing `issues`, the first MAX_REPORTED_ISSUES of them; the message says when more were found. */
export const validationError = (issues: ValidationProblem[], message = 'Request validation failed'): ApiError =>
  issues.length <= MAX_REPORTED_ISSUES
    ? new ApiError(400, 'VALIDATION_ERROR', message, { issues })
    : new ApiError(400, 'VALIDATION_ERROR', `${message}; the first ${MAX_REPORTED_ISSUES} problems are listed, more were found`, {
        issues: issues.slice(0, MAX_REPORTED_ISSUES),
      });
export const notFound = (message: string): ApiError => new ApiError(404, 'NOT_FOUND', message);
export const unauthorized = (message: string): ApiError => new ApiError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string, details: Record<string, unknown> | null = null): ApiError => new ApiError(403, 'FORBIDDEN', message, details);
export const conflict = (code: string, message: string): ApiError => new ApiError(409, code, message);
