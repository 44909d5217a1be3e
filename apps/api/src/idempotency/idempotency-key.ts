import type { Context } from 'hono';
import { validationError } from '../lib/api-error.js';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** Printable ASCII, space included (a header value cannot carry anything else reliably). */
const PRINTABLE = /^[\x20-\x7e]+$/;

/**
 * The request's Idempotency-Key, or undefined when it sent none. A key that is empty, longer
 * than 255 characters or not printable is 400 VALIDATION_ERROR at path `Idempotency-Key`,
 * refused before anything is reserved or cached.
 */
export function readIdempotencyKey(c: Context): string | undefined {
  const key = c.req.header(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return undefined;
  if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH || !PRINTABLE.test(key)) {
    // Say which rule it broke: a key of 7 characters with one outside ASCII is not too long.
    const broke = key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH ? `got ${key.length} characters` : 'got a character outside printable ASCII';
    throw validationError([{ path: IDEMPOTENCY_KEY_HEADER, message: `must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters (${broke})` }]);
  }
  return key;
}
