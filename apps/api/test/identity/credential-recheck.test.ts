import { describe, expect, it } from 'vitest';
import type { AuthResult, Authenticator, Scope } from '../../src/identity/auth-context.js';
import { credentialRecheck } from '../../src/identity/credential-recheck.js';

const ORG = '0b7e1f2a-5c3d-4e6f-8a9b-1c2d3e4f5a6b';
const OTHER = '9c8d7e6f-5a4b-4c3d-9e2f-1a0b9c8d7e6f';
const answering = (result: AuthResult): Authenticator => ({ authenticate: () => result });
const ok = (organizationIds: string[], scopes: Scope[]): AuthResult => ({
  ok: true,
  auth: { method: 'jwt', identity: 'user:u', organizationIds, scopes: new Set(scopes) },
});
const recheck = (result: AuthResult) =>
  credentialRecheck(answering(result), { apiKey: undefined, authorization: 'Bearer t' }, { scope: 'simulation:read', organizationId: ORG });

describe('credentialRecheck', () => {
  it('holds while the credential authenticates, acts for the organization and has the scope', async () => {
    expect(await recheck(ok([OTHER, ORG], ['simulation:read']))()).toBeUndefined();
  });

  it('refuses as a new request would: 401 for the credential or the organization, 403 for the scope', async () => {
    expect(await recheck({ ok: false, message: 'Invalid token: expired' })()).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid token: expired' });
    expect(await recheck(ok([OTHER], ['simulation:read']))()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await recheck(ok([ORG], ['simulation:write']))()).toEqual({ code: 'FORBIDDEN', message: 'This stream needs the scope simulation:read' });
  });

  it('a credential that could not be checked (the key set unreachable) is no verdict: the check fails instead', async () => {
    // As the subscriber calls it: a throw, at once or later, is a failed check.
    await expect(Promise.resolve().then(recheck({ ok: false, message: 'Invalid token', unavailable: true }))).rejects.toThrow(/could not be checked/);
  });
});
