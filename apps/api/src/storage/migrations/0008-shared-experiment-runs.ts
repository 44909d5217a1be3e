import type { Kysely } from 'kysely';

// Frozen in time: this migration does not import today's table types.

/**
 * Experiments computed by several processes on one database
 * (docs/operations.md, "Experiments on several instances"): each run notes the process that recorded it, and a batch of runs
 * taken from the shared queue is claimed by its process for as long as that process lives, so
 * the batches of a process that died go back to the queue. An embedded database (one process)
 * leaves the claims table empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('experiment_runs').addColumn('recorded_by', 'text').execute();
  await db.schema
    .createTable('run_batch_claims')
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    // Milliseconds of the database's clock, renewed by the holder while it lives.
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('run_batch_claims_holder').on('run_batch_claims').column('holder').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('run_batch_claims').execute();
  await db.schema.alterTable('experiment_runs').dropColumn('recorded_by').execute();
}
