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

export const validationError = (issues: ValidationProblem[], message = 'Request validation failed'): ApiError =>
  new ApiError(400, 'VALIDATION_ERROR', message, { issues });
export const notFound = (message: string): ApiError => new ApiError(404, 'NOT_FOUND', message);
export const unauthorized = (message: string): ApiError => new ApiError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string, details: Record<string, unknown> | null = null): ApiError => new ApiError(403, 'FORBIDDEN', message, details);
export const conflict = (code: string, message: string): ApiError => new ApiError(409, code, message);
