import Negotiator from 'negotiator';
import { ApiError } from './api-error.js';

/**
 * The media type to answer in, of those a route `offers` (its default first), chosen from the
 * request's `Accept` by RFC 9110's rules with the negotiator library
 * (docs/api.md, "Content negotiation"): q-values rank the types, `q=0` rules one out, the most specific range wins, and
 * a missing `Accept` (or `*∕*`) gets the default. When none of the offered types is acceptable:
 * 406 NOT_ACCEPTABLE in the error envelope, naming what is offered. Called before any work is
 * done, so a refused request computes nothing.
 */
export function chooseMediaType<const T extends string>(accept: string | undefined, offers: readonly [T, ...T[]]): T {
  const chosen = mediaTypeFor(accept, offers);
  if (chosen === undefined) throw notAcceptable(offers);
  return chosen;
}

/**
 * `charset=utf-8` on a range of `Accept`, as `application/x-ndjson; charset=utf-8` (what the
 * server sends as Content-Type) or `application/json; charset=utf-8`. Every body is UTF-8, so
 * the parameter asks nothing the offer does not give; negotiator would match a range with
 * parameters only to an offer with the same ones, and refuse it.
 */
const UTF8_CHARSET = /;\s*charset\s*=\s*(?:"utf-8"|utf-8)\s*(?=;|,|$)/gi;

/** The choice of chooseMediaType, or undefined when nothing offered is acceptable. */
export function mediaTypeFor<T extends string>(accept: string | undefined, offers: readonly T[]): T | undefined {
  const headers = accept === undefined || accept.trim() === '' ? {} : { accept: accept.replace(UTF8_CHARSET, '') };
  return new Negotiator({ headers }).mediaType(offers) as T | undefined;
}

export function notAcceptable(offers: readonly string[]): ApiError {
  return new ApiError(
    406,
    'NOT_ACCEPTABLE',
    `None of the media types this endpoint answers in is acceptable to the request's Accept header; it offers ${offers.join(', ')}`,
    { offered: [...offers] },
  );
}
