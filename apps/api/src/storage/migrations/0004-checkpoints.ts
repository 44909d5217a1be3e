import type { Kysely } from 'kysely';

// Frozen in time: this migration does not import today's table types.

export async function up(db: Kysely<any>): Promise<void> {
  // Engine snapshots at regular ticks, so that a replay starts at the nearest one instead of
  // tick 0. Immutable once written: a simulation's past never changes. `snapshot` holds the
  // snapshot's JSON, deflated (bytea on PostgreSQL; SQLite stores a Buffer as a blob).
  await db.schema
    .createTable('simulation_checkpoints')
    .addColumn('simulation_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('tick', 'integer', (c) => c.notNull())
    .addColumn('snapshot', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('simulation_checkpoints_pk', ['simulation_id', 'tick'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('simulation_checkpoints').ifExists().execute();
}
