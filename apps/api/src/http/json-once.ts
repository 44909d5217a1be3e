import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';
import { completeResponse } from './build-complete-response.js';

/** JSON texts of frozen values, kept as long as the value is. */
const texts = new WeakMap<object, string>();

/**
 * `c.json(value, status)` for a value served many times unchanged, such as the view of a cached
 * record: the JSON text of a frozen value is kept beside it and written as is, instead of
 * serialized again on every request. `value` must be frozen all the way down; an unfrozen one
 * is serialized every time. The response is complete from the start (see completeResponse).
 */
export function jsonOnce<T extends object, S extends ContentfulStatusCode>(
  c: Context,
  value: T,
  status: S,
): Response & TypedResponse<JSONParsed<T>, S, 'json'> {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    if (Object.isFrozen(value)) texts.set(value, text);
  }
  // The same Content-Type as c.json writes; the text is T's JSON, which the type says.
  return completeResponse(c, text, status, 'application/json') as Response & TypedResponse<JSONParsed<T>, S, 'json'>;
}
