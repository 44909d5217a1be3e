import { createHash } from 'node:crypto';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Where a key lives: caller identity, method, path and key (spec: "scoped to the caller identity,
 * the HTTP method and the request path"). Hashed so the primary key has a fixed width.
 */
export function idempotencyScope(identity: string, method: string, path: string, key: string): string {
  return sha256(JSON.stringify([identity, method.toUpperCase(), path, key]));
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
