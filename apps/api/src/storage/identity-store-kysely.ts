import { CompiledQuery, type InferResult, type Kysely, type Selectable } from 'kysely';
import { SCOPES, type Scope } from '../identity/auth-context.js';
import {
  OrganizationNameTakenError,
  type ApiKeyMatch,
  type ApiKeyRecord,
  type IdentityStore,
  type NewApiKey,
  type Organization,
} from '../identity/identity-store.js';
import type { ChangeWatch } from './change-watch.js';
import type { ApiKeysTable, IdentityTables, OrganizationsTable } from './identity-tables.js';
import { ReadThroughCache } from './read-through-cache.js';

/** API keys whose lookups stay in memory, by hash (never the key itself). */
const CACHED_API_KEYS = 1_000;

export interface KyselyIdentityStoreOptions {
  /**
   * The storage's ChangeWatch (StorageHandle.changes): with it, the per-request API-key lookup
   * is cached until api_keys or organizations change, here or in another process (a revoke from
   * the CLI applies to the next request). Without it, every request queries.
   */
  changes?: ChangeWatch | undefined;
}

const KNOWN_SCOPES: ReadonlySet<string> = new Set(SCOPES);

const toOrganization = (row: Selectable<OrganizationsTable>): Organization => ({
  id: row.id,
  name: row.name,
  tier: row.tier,
  createdAt: row.created_at,
});

const toApiKey = (row: Omit<Selectable<ApiKeysTable>, 'key_hash'>): ApiKeyRecord => ({
  id: row.id,
  organizationId: row.organization_id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes.split(' ').filter((s): s is Scope => KNOWN_SCOPES.has(s)),
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

const API_KEY_COLUMNS = [
  'api_keys.id',
  'api_keys.organization_id',
  'api_keys.name',
  'api_keys.prefix',
  'api_keys.scopes',
  'api_keys.created_at',
  'api_keys.last_used_at',
  'api_keys.revoked_at',
] as const;

/** SQLite and PostgreSQL both report a unique violation with one of these. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/**
 * The identity store on Kysely, written in the SQL both dialects share. Pass the app's
 * `Kysely<Database>`; only the identity tables are touched.
 */
export function createKyselyIdentityStore<DB extends IdentityTables>(database: Kysely<DB>, options: KyselyIdentityStoreOptions = {}): IdentityStore {
  // Narrowed once here: Database is a superset of IdentityTables, which Kysely's types cannot express.
  const db = database as unknown as Kysely<IdentityTables>;

  // The per-request lookup is compiled once: building a Kysely query costs more than running it
  // (measured ~3x). The SQL comes from the dialect, so this stays portable.
  const byHashQuery = db
    .selectFrom('api_keys')
    .innerJoin('organizations', 'organizations.id', 'api_keys.organization_id')
    .select([...API_KEY_COLUMNS, 'organizations.tier'])
    .where('api_keys.key_hash', '=', '');
  const byHashSql = byHashQuery.compile().sql;
  type ByHashRow = InferResult<typeof byHashQuery>[number];
  // Same for a JWT's organizations in the common case of one.
  const oneOrganizationSql = db.selectFrom('organizations').selectAll().where('id', '=', '').compile().sql;
  const changes = options.changes?.watches(database) ? options.changes : undefined;
  const keysByHash = new ReadThroughCache<string, ApiKeyMatch>(changes, ['api_keys', 'organizations'], CACHED_API_KEYS);

  return {
    async createOrganization(organization) {
      try {
        await db
          .insertInto('organizations')
          .values({ id: organization.id, name: organization.name, tier: organization.tier, created_at: organization.createdAt })
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new OrganizationNameTakenError(organization.name);
        throw error;
      }
    },

    async findOrganizationById(id) {
      const row = await db.selectFrom('organizations').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toOrganization(row);
    },

    async findOrganizationByName(name) {
      const row = await db.selectFrom('organizations').selectAll().where('name', '=', name).executeTakeFirst();
      return row && toOrganization(row);
    },

    async findOrganizationsByIds(ids) {
      if (ids.length === 0) return [];
      if (ids.length === 1) {
        const { rows } = await db.executeQuery<Selectable<OrganizationsTable>>(CompiledQuery.raw(oneOrganizationSql, [ids[0]]));
        return rows.map(toOrganization);
      }
      const rows = await db
        .selectFrom('organizations')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute();
      return rows.map(toOrganization);
    },

    async countOrganizations() {
      const row = await db
        .selectFrom('organizations')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async createApiKey(key: NewApiKey) {
      await db
        .insertInto('api_keys')
        .values({
          id: key.id,
          organization_id: key.organizationId,
          name: key.name,
          prefix: key.prefix,
          key_hash: key.keyHash,
          scopes: key.scopes.join(' '),
          created_at: key.createdAt,
          last_used_at: null,
          revoked_at: null,
        })
        .execute();
    },

    findApiKeyByHash(keyHash) {
      return keysByHash.get(keyHash, async () => {
        const { rows } = await db.executeQuery<ByHashRow>(CompiledQuery.raw(byHashSql, [keyHash]));
        const row = rows[0];
        return row && { key: toApiKey(row), tier: row.tier };
      });
    },

    async findApiKeyById(id) {
      const row = await db.selectFrom('api_keys').select(API_KEY_COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && toApiKey(row);
    },

    async listApiKeys(organizationId) {
      let query = db.selectFrom('api_keys').select(API_KEY_COLUMNS).orderBy('created_at').orderBy('id');
      if (organizationId !== undefined) query = query.where('organization_id', '=', organizationId);
      return (await query.execute()).map(toApiKey);
    },

    async revokeApiKey(id, at) {
      const key = await db.selectFrom('api_keys').select('id').where('id', '=', id).executeTakeFirst();
      if (!key) return false;
      await db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
      return true;
    },

    async touchApiKey(id, at) {
      await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
    },
  };
}
