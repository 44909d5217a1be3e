import type { AuthContext, AuthResult, Authenticator, Credentials } from './auth-context.js';
import { API_KEY_PREFIX, isWellFormedApiKey } from './api-key.js';
import type { ApiKeyMatch, IdentityStore } from './identity-store.js';
import { createJwtVerifier, type JwtOptions } from './jwt-verifier.js';
import { KeyHashMemo } from './key-hash-memo.js';
import { thenMaybe, type MaybePromise } from '../lib/maybe-promise.js';
import { ReadOnlySet } from '../lib/read-only-set.js';
import { LastUsedTracker } from './last-used-tracker.js';

export interface AuthenticatorOptions {
  identityStore: IdentityStore;
  /** Omit (or give neither secret nor jwksUrl) to refuse every Bearer token. */
  jwt?: JwtOptions | undefined;
  now?: () => Date;
  /** Minimum time between two lastUsedAt writes of one key. Default one minute. */
  lastUsedIntervalMs?: number;
  /** Where a failed lastUsedAt write is reported; it never fails the request. */
  onBackgroundError?: (error: unknown) => void;
}

/** The authenticator of the service, with a hook to wait for its background writes. */
export interface IdentityAuthenticator extends Authenticator {
  /** Waits for pending lastUsedAt writes. */
  flush(): Promise<void>;
}

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * API keys and JWTs. Each API-key request costs one lookup by hash, which the store may answer
 * from its cache only while no key or organization has changed (here or from the CLI), so a
 * revoke takes effect on the next request. A JWT costs one lookup of its organizations (they
 * must exist, and the first one's tier drives the limits).
 */
export function createAuthenticator(options: AuthenticatorOptions): IdentityAuthenticator {
  const { identityStore: store, now = () => new Date() } = options;
  const verifyJwt = createJwtVerifier(options.jwt ?? {});
  const tracker = new LastUsedTracker(
    store,
    options.lastUsedIntervalMs ?? 60_000,
    options.onBackgroundError ?? ((error) => console.error('lastUsedAt update failed', error)),
  );

  const keyHashes = new KeyHashMemo();

  function byApiKey(apiKey: string): MaybePromise<AuthResult> {
    if (!isWellFormedApiKey(apiKey)) return { ok: false, message: 'Invalid API key' };
    const keyHash = keyHashes.hash(apiKey);
    return thenMaybe(store.findApiKeyByHash(keyHash), (match): AuthResult => {
      if (!match || match.key.revokedAt !== null) {
        keyHashes.forget(apiKey);
        return { ok: false, message: match ? 'API key has been revoked' : 'Invalid API key' };
      }
      keyHashes.remember(apiKey, keyHash);
      tracker.touch(match.key.id, match.key.lastUsedAt, now());
      return { ok: true, auth: apiKeyContext(match) };
    });
  }

  /** A cached (frozen) match is looked up again and again; its context is built once. */
  const keyContexts = new WeakMap<ApiKeyMatch, AuthContext>();
  function apiKeyContext(match: ApiKeyMatch): AuthContext {
    let auth = keyContexts.get(match);
    if (auth === undefined) {
      auth = Object.freeze({
        method: 'api-key',
        identity: `key:${match.key.id}`,
        organizationIds: Object.freeze([match.key.organizationId]),
        scopes: new ReadOnlySet(match.key.scopes),
        tier: match.tier,
      } as const);
      if (Object.isFrozen(match)) keyContexts.set(match, auth);
    }
    return auth;
  }

  async function byBearer(authorization: string): Promise<AuthResult> {
    const token = BEARER.exec(authorization)?.[1];
    if (!token) return { ok: false, message: 'Authorization must be "Bearer <JWT>"' };
    // An API key sent the way many services take theirs: say where it goes, whether or not the
    // key exists and whether or not JWTs are configured (docs/identity.md, "JWTs"). Authorization
    // carries JWTs only, as the service's interface says.
    if (token.startsWith(API_KEY_PREFIX)) {
      return {
        ok: false,
        message: `API keys go in the X-Api-Key header, not in Authorization: send "X-Api-Key: ${API_KEY_PREFIX}…" (Authorization: Bearer takes a JWT)`,
      };
    }
    if (!verifyJwt) return { ok: false, message: 'JWT authentication is not configured on this server' };
    const result = await verifyJwt(token);
    if (!result.ok) return result;
    const { sub, scopes, orgs, issuer } = result.token;
    const known = await store.findOrganizationsByIds(orgs);
    const unknown = orgs.filter((id) => !known.some((o) => o.id === id));
    if (unknown.length > 0) return { ok: false, message: `Invalid token: unknown organization ${unknown.join(', ')}` };
    const auth: AuthContext = {
      method: 'jwt',
      identity: `user:${sub}`,
      ...(issuer === undefined ? {} : { issuer }),
      organizationIds: orgs,
      scopes,
      tier: known.find((o) => o.id === orgs[0])?.tier ?? 'free',
    };
    return { ok: true, auth };
  }

  return {
    // A cached key is answered without a promise (see MaybePromise).
    authenticate(credentials: Credentials): MaybePromise<AuthResult> {
      const { apiKey, authorization } = credentials;
      // require-auth refuses this too; repeated so the authenticator is safe on its own.
      if (apiKey !== undefined && authorization !== undefined) {
        return { ok: false, message: 'Send either X-Api-Key or Authorization, not both' };
      }
      if (apiKey !== undefined) return byApiKey(apiKey.trim());
      if (authorization !== undefined) return byBearer(authorization);
      return { ok: false, message: 'Authentication required' };
    },
    flush: () => tracker.flush(),
  };
}
