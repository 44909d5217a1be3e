import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthenticator } from '../../src/identity/authenticator.js';
import { bootstrapIdentity } from '../../src/identity/bootstrap.js';
import type { IdentityStore } from '../../src/identity/identity-store.js';
import { createKyselyIdentityStore } from '../../src/storage/identity-store-kysely.js';
import { tempIdentityDatabase } from './support/temp-identity-database.js';

let database: Awaited<ReturnType<typeof tempIdentityDatabase>>;
let store: IdentityStore;

beforeAll(async () => {
  database = await tempIdentityDatabase();
  store = createKyselyIdentityStore(database.db);
});
afterAll(() => database.destroy());

describe('bootstrap', () => {
  it('does nothing when disabled', async () => {
    const printed: string[] = [];
    expect(await bootstrapIdentity({ identityStore: store, enabled: false, host: '127.0.0.1', port: 3000, print: (t) => printed.push(t) })).toEqual({
      created: false,
      reason: 'disabled',
    });
    expect(printed).toEqual([]);
    expect(await store.countOrganizations()).toBe(0);
  });

  it('creates organization default (pro) and an all-scope key once, printing a banner with a working curl line', async () => {
    const printed: string[] = [];
    const result = await bootstrapIdentity({ identityStore: store, enabled: true, host: '0.0.0.0', port: 4321, print: (t) => printed.push(t) });
    expect(result.created).toBe(true);
    expect(printed).toHaveLength(1);
    const banner = printed[0] ?? '';
    const key = /curl -H "X-Api-Key: (sim_[0-9A-Za-z]+)" http:\/\/127\.0\.0\.1:4321\/v1\/simulations/.exec(banner)?.[1];
    expect(key).toBeDefined();

    const organization = await store.findOrganizationByName('default');
    expect(organization?.tier).toBe('pro');
    const auth = await createAuthenticator({ identityStore: store }).authenticate({ apiKey: key, authorization: undefined });
    expect(auth.ok && [...auth.auth.scopes].sort()).toEqual(['org:read', 'simulation:read', 'simulation:write', 'usage:read']);
    expect(auth.ok && auth.auth.organizationIds).toEqual([organization?.id]);

    // Second start: nothing created, nothing printed.
    const again: string[] = [];
    expect(await bootstrapIdentity({ identityStore: store, enabled: true, host: '0.0.0.0', port: 4321, print: (t) => again.push(t) })).toEqual({
      created: false,
      reason: 'not-empty',
    });
    expect(again).toEqual([]);
    expect(await store.listApiKeys()).toHaveLength(1);
  });
});
