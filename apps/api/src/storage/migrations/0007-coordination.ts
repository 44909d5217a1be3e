import type { Kysely } from 'kysely';

// Frozen in time: this migration does not import today's table types.

/**
 * What several processes on one database coordinate through
 * (docs/operations.md, "Several instances"): which process advances each playing simulation, and the event streams open per
 * organization. Times are milliseconds of the database's clock, so processes on machines whose
 * clocks differ still agree on when a lease has expired. An embedded database (one process)
 * keeps both in memory and leaves these tables empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('playback_leases')
    .addColumn('simulation_id', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    // Who pays for the playback (JSON): a process that takes it over charges the same identity.
    .addColumn('payer', 'text')
    .execute();
  await db.schema
    .createTable('stream_slots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('slot_key', 'text', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stream_slots_key').on('stream_slots').columns(['slot_key', 'expires_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stream_slots').execute();
  await db.schema.dropTable('playback_leases').execute();
}
