import { createHash } from 'node:crypto';
import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import { completeResponse } from './build-complete-response.js';

interface Encoded {
  readonly text: string;
  /** Its entity tag, made the first time a response asks for one. */
  etag?: string;
}

/** JSON texts of frozen values, kept as long as the value is. */
const texts = new WeakMap<object, Encoded>();

/** A strong entity tag of a JSON text: the same bytes give the same tag on every instance. */
function entityTag(text: string): string {
  return `"${createHash('sha1').update(text).digest('base64url')}"`;
}

/**
 * `c.json(value, status)` for a value served many times unchanged, such as the view of a cached
 * record: the JSON text of a frozen value is kept beside it and written as is, instead of
 * serialized again on every request. `value` must be frozen all the way down; an unfrozen one
 * is serialized every time. The response is complete from the start (see completeResponse).
 * With `tagged`, it carries an ETag of its bytes (kept beside the text), which the route's
 * conditional-GET middleware compares with If-None-Match (see notModified).
 */
export function jsonOnce<T extends object, S extends ContentfulStatusCode>(
  c: Context,
  value: T,
  status: S,
  { tagged = false }: { tagged?: boolean } = {},
): Response & TypedResponse<JSONParsed<T>, S, 'json'> {
  let encoded = texts.get(value);
  if (encoded === undefined) {
    encoded = { text: JSON.stringify(value) };
    if (Object.isFrozen(value)) texts.set(value, encoded);
  }
  if (tagged) encoded.etag ??= entityTag(encoded.text);
  // The same Content-Type as c.json writes; the text is T's JSON, which the type says.
  return completeResponse(c, encoded.text, status, 'application/json', tagged ? encoded.etag : undefined) as Response & TypedResponse<JSONParsed<T>, S, 'json'>;
}
