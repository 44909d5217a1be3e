import type { MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
import { ApiError } from './api-error.js';

/** decisions.md: a request body is at most 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Refuses bodies over `maxBytes` with 413 PAYLOAD_TOO_LARGE, whether or not Content-Length is sent. */
export function bodyLimit(maxBytes = MAX_BODY_BYTES): MiddlewareHandler {
  if (!Number.isInteger(maxBytes) || maxBytes <= 0) throw new Error('bodyLimit: maxBytes must be a positive integer');
  return honoBodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `The request body exceeds ${maxBytes} bytes`, { maxBytes });
    },
  });
}
