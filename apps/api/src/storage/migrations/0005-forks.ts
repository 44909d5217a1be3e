import type { Kysely } from 'kysely';

// Frozen in time: this migration does not import today's table types.

export async function up(db: Kysely<any>): Promise<void> {
  // A fork names its parent and the tick it branched at. No foreign key on purpose: a fork
  // stands on its own (its scenario and input log are copied), so whatever becomes of the
  // parent changes nothing for it.
  await db.schema.alterTable('simulations').addColumn('parent_id', 'text').execute();
  await db.schema.alterTable('simulations').addColumn('parent_at_tick', 'integer').execute();
  await db.schema.createIndex('simulations_parent').on('simulations').columns(['parent_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('simulations_parent').execute();
  await db.schema.alterTable('simulations').dropColumn('parent_at_tick').execute();
  await db.schema.alterTable('simulations').dropColumn('parent_id').execute();
}
