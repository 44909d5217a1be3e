import type { MaybePromise } from '../lib/maybe-promise.js';

/** The four scopes of the interface. */
export const SCOPES = ['simulation:read', 'simulation:write', 'org:read', 'usage:read'] as const;
export type Scope = (typeof SCOPES)[number];

/** License tiers; limits scale with them. */
export const TIERS = ['free', 'pro', 'enterprise'] as const;
export type Tier = (typeof TIERS)[number];

/** Who is calling, as the authenticate middleware established it. */
export interface AuthContext {
  method: 'api-key' | 'jwt';
  /** Stable identity for rate limits and idempotency: `key:<api key id>` or `user:<jwt sub>`. */
  identity: string;
  /**
   * The `iss` claim of a JWT, when the token has one; absent for API keys. Two issuers may both
   * have a user `alice`, so whatever is keyed by `identity` across requests (idempotency keys)
   * is keyed by the issuer too.
   */
  issuer?: string;
  /** Organizations the caller may act for; the first is the default. An API key has exactly one. */
  organizationIds: readonly string[];
  scopes: ReadonlySet<Scope>;
  /**
   * Tier of the default organization (`organizationIds[0]`), for rate and stream limits.
   * Optional so test authenticators may leave it out; absent means `free`.
   */
  tier?: Tier;
}

/** The outcome of checking a request's credentials. */
export type AuthResult =
  | { ok: true; auth: AuthContext }
  /** `unavailable`: the credential could not be checked (a JWT's key set could not be fetched); a request is refused all the same. */
  | { ok: false; message: string; unavailable?: true };

/** The credentials a request carried, as raw header values. */
export interface Credentials {
  apiKey: string | undefined;
  authorization: string | undefined;
}

/**
 * Checks credentials. The app receives one through its dependencies, so tests and benchmarks
 * can build an app around any implementation.
 */
export interface Authenticator {
  /** A result at once when the credential is known in memory (a cached API key), else a promise of it. */
  authenticate(credentials: Credentials): MaybePromise<AuthResult>;
}

declare module 'hono' {
  interface ContextVariableMap {
    auth: AuthContext;
  }
}
