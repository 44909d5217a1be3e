import type { Tier } from '../identity/auth-context.js';

/** Table `organizations`. Timestamps are ISO 8601 text so SQLite and PostgreSQL read alike. */
export interface OrganizationsTable {
  id: string;
  name: string;
  tier: Tier;
  created_at: string;
}

/** Table `api_keys`. Holds the SHA-256 of a key (`key_hash`, unique), never the key. */
export interface ApiKeysTable {
  id: string;
  organization_id: string;
  name: string;
  prefix: string;
  key_hash: string;
  /** Space-separated, like the JWT `scope` claim. */
  scopes: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Table `usage_counters`: one row per organization, UTC day and metric, incremented in batches. */
export interface UsageCountersTable {
  organization_id: string;
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  metric: string;
  /** bigint in PostgreSQL (a string from pg), integer in SQLite: read it through Number(). */
  amount: number | string;
}

/** The identity part of the storage schema; `Database` composes it with the other features' tables. */
export interface IdentityTables {
  organizations: OrganizationsTable;
  api_keys: ApiKeysTable;
  usage_counters: UsageCountersTable;
}
