import { sql, type Kysely } from 'kysely';

// Frozen in time: this migration does not import today's table types.

export async function up(db: Kysely<any>): Promise<void> {
  // A simulation's head may run past its stored snapshot: the snapshot's own tick is kept beside
  // it (docs/operations.md, "Warm worlds"). Every snapshot stored before was at the head.
  await db.schema
    .alterTable('simulations')
    .addColumn('snapshot_tick', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE simulations SET snapshot_tick = tick`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('simulations').dropColumn('snapshot_tick').execute();
}
