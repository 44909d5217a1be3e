import { thenMaybe, type MaybePromise } from '../lib/maybe-promise.js';
import type { Authenticator, Credentials, Scope } from './auth-context.js';

/** Why a credential that opened a stream no longer holds: the status its request would now get. */
export interface CredentialRefusal {
  code: 'UNAUTHORIZED' | 'FORBIDDEN';
  message: string;
}

/** Asks again whether the credential still holds; undefined while it does. */
export type CredentialRecheck = () => MaybePromise<CredentialRefusal | undefined>;

/** What the credential was let in for: a scope, on a resource of one organization. */
export interface RecheckNeeds {
  scope: Scope;
  organizationId: string;
}

/**
 * The check a long response (an event stream) repeats while it is open: the credential it
 * opened with is authenticated again, as a new request's would be, so a revoked key or an
 * expired JWT ends the stream (docs/identity.md, "Identity, scopes, tenancy"). A key is looked
 * up by its hash, from memory while no key changed.
 */
export function credentialRecheck(authenticator: Authenticator, credentials: Credentials, needs: RecheckNeeds): CredentialRecheck {
  return () =>
    thenMaybe(authenticator.authenticate(credentials), (result): CredentialRefusal | undefined => {
      // Not a verdict on the credential: the stream goes on, and the next heartbeat asks again.
      if (!result.ok && result.unavailable === true) throw new Error(`the credential could not be checked: ${result.message}`);
      if (!result.ok) return { code: 'UNAUTHORIZED', message: result.message };
      if (!result.auth.organizationIds.includes(needs.organizationId)) {
        return { code: 'UNAUTHORIZED', message: 'The credential no longer acts for the organization of this stream' };
      }
      if (!result.auth.scopes.has(needs.scope)) return { code: 'FORBIDDEN', message: `This stream needs the scope ${needs.scope}` };
      return undefined;
    });
}
