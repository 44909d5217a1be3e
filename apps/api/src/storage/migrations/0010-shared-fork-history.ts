import type { Kysely } from 'kysely';

// Frozen in time: this migration does not import today's table types.

export async function up(db: Kysely<any>): Promise<void> {
  // A fork made from now on shares its parent's history up to the tick it branched at instead
  // of copying it (docs/api.md, "Forks"): reads below that tick resolve through the parent.
  // Forks made before keep their copies (history_shared 0) and read only their own rows.
  await db.schema
    .alterTable('simulations')
    .addColumn('history_shared', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // How many of the fork's events and prophecies are its parent's (its own are numbered after).
  await db.schema
    .alterTable('simulations')
    .addColumn('inherited_events', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('simulations')
    .addColumn('inherited_prophecies', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('simulations').dropColumn('inherited_prophecies').execute();
  await db.schema.alterTable('simulations').dropColumn('inherited_events').execute();
  await db.schema.alterTable('simulations').dropColumn('history_shared').execute();
}
