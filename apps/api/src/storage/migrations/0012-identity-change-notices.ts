import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration does not import today's table types.

/** The channel every change of a key or an organization is announced on (storage/postgres/notified-change-watch.ts). */
const CHANNEL = 'sim_identity';

/**
 * PostgreSQL only: a change of an API key or an organization, by any process (an instance, the
 * operator CLI, a hand-written statement), is announced with NOTIFY on commit, so every instance
 * drops the key lookups it caches (docs/operations.md, "PostgreSQL"). A key's `last_used_at`,
 * written at most once a minute per key and instance, is not a change any cache depends on and is
 * not announced. SQLite has no such need: its ChangeWatch reads `PRAGMA data_version`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION sim_identity_changed() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         PERFORM pg_notify('${CHANNEL}', TG_TABLE_NAME);
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  await sql
    .raw('CREATE TRIGGER api_keys_changed AFTER INSERT OR DELETE OR TRUNCATE ON api_keys FOR EACH STATEMENT EXECUTE FUNCTION sim_identity_changed()')
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER api_keys_updated AFTER UPDATE ON api_keys FOR EACH ROW
       WHEN ((to_jsonb(OLD) - 'last_used_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_used_at'))
       EXECUTE FUNCTION sim_identity_changed()`,
    )
    .execute(db);
  await sql
    .raw(
      'CREATE TRIGGER organizations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organizations FOR EACH STATEMENT EXECUTE FUNCTION sim_identity_changed()',
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql.raw('DROP TRIGGER IF EXISTS organizations_changed ON organizations').execute(db);
  await sql.raw('DROP TRIGGER IF EXISTS api_keys_updated ON api_keys').execute(db);
  await sql.raw('DROP TRIGGER IF EXISTS api_keys_changed ON api_keys').execute(db);
  await sql.raw('DROP FUNCTION IF EXISTS sim_identity_changed()').execute(db);
}
