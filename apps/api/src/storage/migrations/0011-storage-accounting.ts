import type { Kysely } from 'kysely';

// Frozen in time: this migration does not import today's table types.

export async function up(db: Kysely<any>): Promise<void> {
  // Stored bytes are a budget (docs/api.md, "Storage budget"): each simulation counts the bytes
  // of the history it stores, written in the transaction that stores them. Rows stored before
  // this migration are not counted.
  for (const column of ['events_bytes', 'prophecies_bytes', 'checkpoints_bytes']) {
    await db.schema
      .alterTable('simulations')
      .addColumn(column, 'bigint', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  // An idempotency record counts its stored response against the organization it acted for.
  await db.schema.alterTable('idempotency_keys').addColumn('organization_id', 'text').execute();
  await db.schema
    .alterTable('idempotency_keys')
    .addColumn('stored_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('idempotency_keys_organization').on('idempotency_keys').columns(['organization_id', 'expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idempotency_keys_organization').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('stored_bytes').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('organization_id').execute();
  for (const column of ['checkpoints_bytes', 'prophecies_bytes', 'events_bytes']) await db.schema.alterTable('simulations').dropColumn(column).execute();
}
