import { randomUUID } from 'node:crypto';
import type { Scope, Tier } from './auth-context.js';
import { apiKeyDisplayPrefix, generateApiKey, hashApiKey } from './api-key.js';
import type { ApiKeyRecord, IdentityStore, Organization } from './identity-store.js';

/** Creates an organization. @throws OrganizationNameTakenError */
export async function provisionOrganization(store: IdentityStore, input: { name: string; tier: Tier }, now: Date = new Date()): Promise<Organization> {
  const organization: Organization = { id: randomUUID(), name: input.name, tier: input.tier, createdAt: now.toISOString() };
  await store.createOrganization(organization);
  return organization;
}

/** A freshly issued key: `key` is the secret, returned this once and never stored. */
export interface IssuedApiKey {
  key: string;
  record: ApiKeyRecord;
}

/** Issues an API key for an organization; only its hash and display prefix are stored. */
export async function issueApiKey(
  store: IdentityStore,
  input: { organizationId: string; scopes: readonly Scope[]; name?: string | undefined },
  now: Date = new Date(),
): Promise<IssuedApiKey> {
  const key = generateApiKey();
  const record: ApiKeyRecord = {
    id: randomUUID(),
    organizationId: input.organizationId,
    name: input.name ?? '',
    prefix: apiKeyDisplayPrefix(key),
    scopes: [...new Set(input.scopes)],
    createdAt: now.toISOString(),
    lastUsedAt: null,
    revokedAt: null,
  };
  await store.createApiKey({ ...record, keyHash: hashApiKey(key) });
  return { key, record };
}
