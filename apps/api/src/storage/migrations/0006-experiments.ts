import type { Kysely } from 'kysely';

// Frozen in time: this migration does not import today's table types.

export async function up(db: Kysely<any>): Promise<void> {
  // One row per experiment; `spec` holds everything needed to compute any of its runs, so a
  // restarted server resumes it without the request.
  await db.schema
    .createTable('experiments')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('organization_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    // The submitter's tier, whose limits (concurrent experiments) hold while it runs.
    .addColumn('tier', 'varchar(12)', (c) => c.notNull())
    .addColumn('scenario_id', 'text', (c) => c.notNull())
    .addColumn('spec', 'text', (c) => c.notNull())
    .addColumn('combinations', 'integer', (c) => c.notNull())
    .addColumn('runs_total', 'integer', (c) => c.notNull())
    .addColumn('runs_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('runs_computed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('event_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('experiments_organization').on('experiments').columns(['organization_id', 'created_at']).execute();
  await db.schema.createIndex('experiments_status').on('experiments').column('status').execute();

  // The finished runs of an experiment, each written in the transaction that counts it done.
  await db.schema
    .createTable('experiment_runs')
    .addColumn('experiment_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('combination', 'integer', (c) => c.notNull())
    .addColumn('replication', 'integer', (c) => c.notNull())
    .addColumn('seed', 'bigint', (c) => c.notNull())
    .addColumn('inputs_hash', 'char(64)', (c) => c.notNull())
    .addColumn('metrics', 'text', (c) => c.notNull())
    .addColumn('computed', 'integer', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('experiment_runs_pk', ['experiment_id', 'combination', 'replication'])
    .execute();

  // Metrics by the hash of a run's inputs: a run whose inputs were computed before is reused.
  // `computations` counts how often the engine computed them (1, unless something is wrong).
  await db.schema
    .createTable('run_results')
    .addColumn('inputs_hash', 'char(64)', (c) => c.primaryKey())
    .addColumn('metrics', 'text', (c) => c.notNull())
    .addColumn('computations', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // The experiment's event history (status changes, finished runs): SSE ids are the seq.
  await db.schema
    .createTable('experiment_events')
    .addColumn('experiment_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('experiment_events_pk', ['experiment_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('experiment_events').ifExists().execute();
  await db.schema.dropTable('run_results').ifExists().execute();
  await db.schema.dropTable('experiment_runs').ifExists().execute();
  await db.schema.dropIndex('experiments_status').ifExists().execute();
  await db.schema.dropIndex('experiments_organization').ifExists().execute();
  await db.schema.dropTable('experiments').ifExists().execute();
}
