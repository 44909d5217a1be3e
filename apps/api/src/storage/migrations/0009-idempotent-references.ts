import type { Kysely } from 'kysely';

// Frozen in time: this migration does not import today's table types.

export async function up(db: Kysely<any>): Promise<void> {
  // A long `run` response is kept as what reproduces it (its simulation and tick range), not
  // as its bytes (docs/api.md, "Idempotency").
  await db.schema.alterTable('idempotency_keys').addColumn('response_reference', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('response_reference').execute();
}
