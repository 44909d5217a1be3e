import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { SCOPES, type Scope } from './auth-context.js';
import { isUuidForm } from '../lib/uuid-form.js';

export interface JwtOptions {
  /** HS256 shared secret (SIM_JWT_SECRET). At least 32 characters. */
  secret?: string | undefined;
  /** JWKS address for RS256 / ES256 tokens (SIM_JWKS_URL). */
  jwksUrl?: string | undefined;
  /** Checked against `iss` when set (SIM_JWT_ISSUER). */
  issuer?: string | undefined;
  /** Checked against `aud` when set (SIM_JWT_AUDIENCE). */
  audience?: string | undefined;
}

/** The claims this service reads, once the signature and the registered claims are checked. */
export interface VerifiedToken {
  sub: string;
  /** The `iss` claim, when present (checked against SIM_JWT_ISSUER when that is set). */
  issuer?: string;
  scopes: Set<Scope>;
  orgs: string[];
}

/**
 * `unavailable`: the token could not be checked because the key set could not be fetched (the
 * JWKS endpoint down, slow or answering garbage), which says nothing about the token itself.
 */
export type JwtVerification = { ok: true; token: VerifiedToken } | { ok: false; message: string; unavailable?: true };

export type JwtVerifier = (token: string) => Promise<JwtVerification>;

/** Bounds the organization lookup a token can cause. */
const MAX_ORGS = 100;
/** `sub` becomes the rate-limit and idempotency identity; keep it a sane size. */
const MAX_SUB_LENGTH = 256;
const MIN_SECRET_LENGTH = 32;
/** C0 controls (NUL included), DEL and the C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const KNOWN_SCOPES: ReadonlySet<string> = new Set(SCOPES);

/**
 * Builds the JWT check. Algorithms are pinned: HS256 only with a secret, RS256 / ES256 only
 * through the JWKS, so a token cannot pick its own verification (no `none`, no HS256 signed with
 * a public key). Returns undefined when neither a secret nor a JWKS is configured.
 */
export function createJwtVerifier(options: JwtOptions): JwtVerifier | undefined {
  const { secret, jwksUrl, issuer, audience } = options;
  if (!secret && !jwksUrl) return undefined;
  if (secret !== undefined && secret !== '' && secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`SIM_JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters for HS256`);
  }
  const secretKey = secret ? new TextEncoder().encode(secret) : undefined;
  const jwks = jwksUrl ? createRemoteJWKSet(new URL(jwksUrl)) : undefined;
  const algorithms = [...(secretKey ? ['HS256'] : []), ...(jwks ? ['RS256', 'ES256'] : [])];

  // jose checks `alg` against `algorithms` before asking for a key, so each branch only ever
  // sees the algorithms its key type is for.
  const getKey: JWTVerifyGetKey = async (header, token) => {
    if (header.alg === 'HS256' && secretKey) return secretKey;
    if (jwks) return jwks(header, token);
    throw new errors.JOSEAlgNotAllowed('algorithm not allowed');
  };

  return async function verifyJwt(token) {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, getKey, {
        algorithms,
        requiredClaims: ['exp', 'sub'],
        ...(issuer ? { issuer } : {}),
        ...(audience ? { audience } : {}),
      }));
    } catch (error) {
      return { ok: false, message: describeJoseError(error), ...(keySetUnavailable(error) ? { unavailable: true as const } : {}) };
    }
    return readClaims(payload);
  };
}

function readClaims(payload: JWTPayload): JwtVerification {
  const { sub, scope, orgs, iss } = payload;
  if (typeof sub !== 'string' || sub === '' || sub.length > MAX_SUB_LENGTH) {
    return { ok: false, message: `Invalid token: claim sub must be a string of 1 to ${MAX_SUB_LENGTH} characters` };
  }
  // sub and iss name the caller in stored rows (rate-limit counts, idempotency keys): PostgreSQL
  // refuses NUL in text, and no control character belongs in a name.
  if (CONTROL.test(sub)) return { ok: false, message: 'Invalid token: claim sub must not contain control characters' };
  if (typeof iss === 'string' && CONTROL.test(iss)) return { ok: false, message: 'Invalid token: claim iss must not contain control characters' };
  if (scope !== undefined && typeof scope !== 'string') {
    return { ok: false, message: 'Invalid token: claim scope must be a space-separated string' };
  }
  if (!Array.isArray(orgs) || orgs.length === 0 || orgs.length > MAX_ORGS || !orgs.every((o) => typeof o === 'string' && isUuidForm(o))) {
    return { ok: false, message: 'Invalid token: claim orgs must be a non-empty array of organization UUIDs' };
  }
  // Scopes this service does not know are ignored rather than refused: a token may serve several audiences.
  const scopes = new Set((scope ?? '').split(' ').filter((s): s is Scope => KNOWN_SCOPES.has(s)));
  const token: VerifiedToken = { sub, scopes, orgs: [...new Set(orgs.map((o: string) => o.toLowerCase()))] };
  if (typeof iss === 'string' && iss !== '') token.issuer = iss;
  return { ok: true, token };
}

/**
 * The key set could not be had: jose's timeout or invalid-set errors, the base JOSEError it
 * throws for an answer other than 200, or fetch's own failure (refused, reset), which is not a
 * JOSEError at all. Every problem of a token itself is one of jose's subclasses.
 */
function keySetUnavailable(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return true;
  return !(error instanceof errors.JOSEError) || error.constructor === errors.JOSEError;
}

/** A short reason for the 401 message: enough for a developer, nothing about the keys. */
function describeJoseError(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'Invalid token: expired';
  if (error instanceof errors.JWTClaimValidationFailed) return `Invalid token: ${error.message}`;
  if (error instanceof errors.JOSEAlgNotAllowed) return 'Invalid token: algorithm not allowed';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'Invalid token: signature verification failed';
  if (error instanceof errors.JWKSNoMatchingKey) return 'Invalid token: no matching key';
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JOSENotSupported) return 'Invalid token: cannot be verified';
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) return 'Invalid token: malformed';
  return 'Invalid token';
}
