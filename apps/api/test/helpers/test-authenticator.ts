import type { AuthContext, Authenticator, Scope } from '../../src/identity/auth-context.js';

export const ORG_A = '0b7e1f2a-5c3d-4e6f-8a9b-1c2d3e4f5a6b';
export const ORG_B = '9c8d7e6f-5a4b-4c3d-9e2f-1a0b9c8d7e6f';
export const ORG_C = '4d5e6f70-8192-4a3b-9c4d-5e6f708192a3';

const scopes = (...s: Scope[]): ReadonlySet<Scope> => new Set(s);

/** Test credentials: `X-Api-Key: <name>` or `Authorization: Bearer <name>`. */
export const TEST_CALLERS: Record<string, AuthContext> = {
  'key-a': { method: 'api-key', identity: 'key:a', organizationIds: [ORG_A], scopes: scopes('simulation:read', 'simulation:write') },
  'key-a-read': { method: 'api-key', identity: 'key:a-read', organizationIds: [ORG_A], scopes: scopes('simulation:read') },
  'key-a-write': { method: 'api-key', identity: 'key:a-write', organizationIds: [ORG_A], scopes: scopes('simulation:write') },
  'key-b': { method: 'api-key', identity: 'key:b', organizationIds: [ORG_B], scopes: scopes('simulation:read', 'simulation:write') },
  'jwt-ab': { method: 'jwt', identity: 'user:ab', organizationIds: [ORG_A, ORG_B], scopes: scopes('simulation:read', 'simulation:write') },
};

/** An in-memory Authenticator over fixed credentials; anything else is refused. */
export function createTestAuthenticator(callers: Record<string, AuthContext> = TEST_CALLERS): Authenticator {
  return {
    async authenticate({ apiKey, authorization }) {
      if (apiKey !== undefined) {
        const auth = callers[apiKey];
        return auth?.method === 'api-key' ? { ok: true, auth } : { ok: false, message: 'Invalid API key' };
      }
      const token = authorization?.match(/^Bearer (\S+)$/)?.[1];
      const auth = token === undefined ? undefined : callers[token];
      return auth?.method === 'jwt' ? { ok: true, auth } : { ok: false, message: 'Invalid token' };
    },
  };
}
