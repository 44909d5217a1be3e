import type { MaybePromise } from '../lib/maybe-promise.js';
import type { Scope, Tier } from './auth-context.js';

export interface Organization {
  id: string;
  name: string;
  tier: Tier;
  /** ISO 8601. */
  createdAt: string;
}

/** An API key as stored and listed: never the key itself, only its display prefix (the hash stays in storage). */
export interface ApiKeyRecord {
  id: string;
  organizationId: string;
  name: string;
  prefix: string;
  scopes: Scope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** What a request's key resolves to: the key and the tier of its organization, in one lookup. */
export interface ApiKeyMatch {
  key: ApiKeyRecord;
  tier: Tier;
}

export interface NewApiKey {
  id: string;
  organizationId: string;
  name: string;
  prefix: string;
  keyHash: string;
  scopes: Scope[];
  createdAt: string;
}

/** Raised by `createOrganization` when the name is taken, so callers can say so clearly. */
export class OrganizationNameTakenError extends Error {
  constructor(readonly organizationName: string) {
    super(`an organization named "${organizationName}" already exists`);
    this.name = 'OrganizationNameTakenError';
  }
}

/**
 * The storage port of identity, shaped by its use cases: the per-request lookup, the CLI,
 * bootstrap and the organization route.
 */
export interface IdentityStore {
  /** @throws OrganizationNameTakenError */
  createOrganization(organization: Organization): Promise<void>;
  findOrganizationById(id: string): Promise<Organization | undefined>;
  findOrganizationByName(name: string): Promise<Organization | undefined>;
  /** The organizations among `ids` that exist (order not guaranteed). */
  findOrganizationsByIds(ids: readonly string[]): Promise<Organization[]>;
  countOrganizations(): Promise<number>;

  createApiKey(key: NewApiKey): Promise<void>;
  /**
   * The per-request lookup: one query on the unique hash index, joined with the organization's
   * tier, or a cached copy (shared and frozen) while neither table has changed, given without a
   * promise.
   */
  findApiKeyByHash(keyHash: string): MaybePromise<ApiKeyMatch | undefined>;
  findApiKeyById(id: string): Promise<ApiKeyRecord | undefined>;
  /** Oldest first; all organizations when `organizationId` is undefined. */
  listApiKeys(organizationId?: string): Promise<ApiKeyRecord[]>;
  /** Sets revokedAt unless already set; false when the key does not exist. */
  revokeApiKey(id: string, at: string): Promise<boolean>;
  touchApiKey(id: string, at: string): Promise<void>;
}
