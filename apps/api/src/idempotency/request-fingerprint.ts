import { createHash } from 'node:crypto';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** What a key is remembered under, besides the key itself. */
export interface IdempotencyScopeParts {
  /** `key:<id>` or `user:<sub>`. */
  identity: string;
  /** A JWT's issuer (`user:alice` of one issuer is not `user:alice` of another); absent for API keys. */
  issuer: string | undefined;
  /** The organization the request acts for (see actingOrganization). */
  organizationId: string;
  method: string;
  path: string;
  key: string;
}

/**
 * Where a key lives: caller identity and its issuer, the organization the request acts for,
 * method, path and key. The interface scopes a key to "the caller identity, the HTTP method and
 * the request path"; a JWT user may act for several organizations, and the same request for
 * another organization is another request, never a replay of the first. Hashed so the primary
 * key has a fixed width. The first element names this layout: records stored under an earlier
 * one (identity, method, path, key) never match, and expire within their 24 hours.
 */
export function idempotencyScope(parts: IdempotencyScopeParts): string {
  const { identity, issuer, organizationId, method, path, key } = parts;
  return sha256(JSON.stringify(['scope/2', identity, issuer ?? null, organizationId, method.toUpperCase(), path, key]));
}

/**
 * The organization a POST acts for, as far as can be told before validation: the body's
 * `organizationId` when it names one (lower-cased, as organizations are compared), else the
 * caller's default (first) organization. An organizationId the caller may not act for is
 * refused later (403), which releases the key. Routes under a simulation's id act for that
 * simulation's organization, which the path already names.
 */
export function actingOrganization(organizationIds: readonly string[], body: unknown): string {
  const requested = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>).organizationId : undefined;
  if (typeof requested === 'string') return requested.toLowerCase();
  return organizationIds[0] ?? '';
}

/** The representation the caller asked for; a JSON request is not answered with NDJSON bytes. */
export type Representation = 'json' | 'ndjson';

/**
 * What must match for a repeat to be replayed: the canonical body and the representation. A
 * different Accept with the same key is a different request (409 IDEMPOTENCY_KEY_REUSE), since
 * replaying NDJSON to a JSON client would hand it a body it cannot read.
 */
export function requestFingerprint(canonicalBody: string, representation: Representation): string {
  return sha256(`${representation}\n${canonicalBody}`);
}
