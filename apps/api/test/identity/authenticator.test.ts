import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthenticator } from '../../src/identity/authenticator.js';
import type { IdentityStore } from '../../src/identity/identity-store.js';
import { issueApiKey, provisionOrganization } from '../../src/identity/provisioning.js';
import { createKyselyIdentityStore } from '../../src/storage/identity-store-kysely.js';
import { OTHER_JWT_SECRET, TEST_JWT_SECRET, signHs256, unsignedToken } from './support/jwt-fixtures.js';
import { tempIdentityDatabase } from './support/temp-identity-database.js';

let database: Awaited<ReturnType<typeof tempIdentityDatabase>>;
let store: IdentityStore;
let orgId: string;
let otherOrgId: string;

beforeAll(async () => {
  database = await tempIdentityDatabase();
  store = createKyselyIdentityStore(database.db);
  orgId = (await provisionOrganization(store, { name: 'acme', tier: 'enterprise' })).id;
  otherOrgId = (await provisionOrganization(store, { name: 'globex', tier: 'free' })).id;
});
afterAll(() => database.destroy());

describe('API-key authentication', () => {
  it('resolves a key to its organization, scopes, tier and key identity', async () => {
    const { key, record } = await issueApiKey(store, { organizationId: orgId, scopes: ['simulation:read', 'org:read'], name: 'ci' });
    const auth = createAuthenticator({ identityStore: store });
    const result = await auth.authenticate({ apiKey: key, authorization: undefined });
    if (!result.ok) throw new Error(result.message);
    expect({ ...result.auth, scopes: [...result.auth.scopes] }).toEqual({
      method: 'api-key',
      identity: `key:${record.id}`,
      organizationIds: [orgId],
      scopes: ['simulation:read', 'org:read'],
      tier: 'enterprise',
    });
    // Shared by every request of the key: it cannot be widened by one of them.
    expect(() => (result.auth.scopes as Set<string>).add('simulation:write')).toThrow(TypeError);
  });

  it('refuses unknown, malformed and revoked keys; a revoke applies to the very next request', async () => {
    const { key, record } = await issueApiKey(store, { organizationId: orgId, scopes: ['simulation:read'] });
    const auth = createAuthenticator({ identityStore: store });
    expect((await auth.authenticate({ apiKey: key, authorization: undefined })).ok).toBe(true);
    await store.revokeApiKey(record.id, new Date().toISOString());
    expect(await auth.authenticate({ apiKey: key, authorization: undefined })).toEqual({ ok: false, message: 'API key has been revoked' });
    expect((await auth.authenticate({ apiKey: `sim_${'x'.repeat(43)}`, authorization: undefined })).ok).toBe(false);
    expect((await auth.authenticate({ apiKey: 'nonsense', authorization: undefined })).ok).toBe(false);
  });

  it('writes lastUsedAt at most once per interval per key', async () => {
    const { key, record } = await issueApiKey(store, { organizationId: orgId, scopes: ['simulation:read'] });
    let clock = Date.parse('2030-01-01T00:00:00Z');
    const auth = createAuthenticator({ identityStore: store, now: () => new Date(clock) });
    let writes = 0;
    const original = store.touchApiKey.bind(store);
    const counting: IdentityStore = { ...store, touchApiKey: (id, at) => ((writes += 1), original(id, at)) };
    const countingAuth = createAuthenticator({ identityStore: counting, now: () => new Date(clock) });
    for (let i = 0; i < 50; i += 1) await countingAuth.authenticate({ apiKey: key, authorization: undefined });
    await countingAuth.flush();
    expect(writes).toBe(1);
    expect((await store.findApiKeyById(record.id))?.lastUsedAt).toBe('2030-01-01T00:00:00.000Z');
    clock += 61_000;
    await countingAuth.authenticate({ apiKey: key, authorization: undefined });
    await countingAuth.flush();
    expect(writes).toBe(2);
    // A new process (new authenticator) trusts the stored value instead of writing at once.
    await auth.authenticate({ apiKey: key, authorization: undefined });
    await auth.flush();
    expect((await store.findApiKeyById(record.id))?.lastUsedAt).toBe('2030-01-01T00:01:01.000Z');
  });
});

describe('JWT authentication', () => {
  const jwtAuth = () => createAuthenticator({ identityStore: store, jwt: { secret: TEST_JWT_SECRET } });

  it('resolves a token to its user, organizations and the first organization tier', async () => {
    const token = await signHs256({ sub: 'alice', scope: 'simulation:write usage:read', orgs: [otherOrgId, orgId] });
    expect(await jwtAuth().authenticate({ apiKey: undefined, authorization: `Bearer ${token}` })).toEqual({
      ok: true,
      auth: { method: 'jwt', identity: 'user:alice', organizationIds: [otherOrgId, orgId], scopes: new Set(['simulation:write', 'usage:read']), tier: 'free' },
    });
  });

  it.each([
    ['an expired token', () => signHs256({ sub: 'a', orgs: [orgId] }, TEST_JWT_SECRET, Math.floor(Date.now() / 1000) - 10)],
    ['another secret', () => signHs256({ sub: 'a', orgs: [orgId] }, OTHER_JWT_SECRET)],
    ['alg none', async () => unsignedToken({ sub: 'a', orgs: [orgId] })],
    ['an unknown organization', () => signHs256({ sub: 'a', orgs: [orgId, '00000000-0000-4000-8000-000000000000'] })],
  ])('refuses %s', async (_name, make) => {
    expect((await jwtAuth().authenticate({ apiKey: undefined, authorization: `Bearer ${await make()}` })).ok).toBe(false);
  });

  it('refuses other schemes, Bearer without JWT support, and both credentials', async () => {
    const token = await signHs256({ sub: 'a', orgs: [orgId] });
    expect((await jwtAuth().authenticate({ apiKey: undefined, authorization: `Basic ${token}` })).ok).toBe(false);
    expect((await createAuthenticator({ identityStore: store }).authenticate({ apiKey: undefined, authorization: `Bearer ${token}` })).ok).toBe(false);
    const { key } = await issueApiKey(store, { organizationId: orgId, scopes: ['simulation:read'] });
    expect((await jwtAuth().authenticate({ apiKey: key, authorization: `Bearer ${token}` })).ok).toBe(false);
    expect((await jwtAuth().authenticate({ apiKey: undefined, authorization: `bearer ${token}` })).ok).toBe(true);
  });

  it('refuses an API key sent as a Bearer token, saying it goes in X-Api-Key, with or without JWTs', async () => {
    const { key } = await issueApiKey(store, { organizationId: orgId, scopes: ['simulation:read'] });
    for (const auth of [createAuthenticator({ identityStore: store }), jwtAuth()]) {
      // A real key and a made-up one get the same answer: it tells nothing about the key.
      for (const sent of [key, 'sim_notakey']) {
        const result = await auth.authenticate({ apiKey: undefined, authorization: `Bearer ${sent}` });
        expect(result).toEqual({ ok: false, message: expect.stringContaining('API keys go in the X-Api-Key header') });
      }
    }
  });
});
