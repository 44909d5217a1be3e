import type { Kysely } from 'kysely';

// Frozen in time: this migration does not import today's table types.

export async function up(db: Kysely<any>): Promise<void> {
  // The resource a keyed request's stored change created (a simulation, an experiment), kept
  // with the key's mark so that an answer lost to a stopped server can still name it
  // (docs/api.md, "Idempotency").
  await db.schema.alterTable('idempotency_keys').addColumn('stored_resource', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('stored_resource').execute();
}
