import type { Kysely } from 'kysely';

// Frozen in time: this migration does not import today's table types.

export async function up(db: Kysely<any>): Promise<void> {
  // One row per (identity, method, path, key), hashed into `scope`. The primary key is what makes
  // the reservation an INSERT that fails on conflict, on every instance sharing the database.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'char(64)', (c) => c.primaryKey())
    .addColumn('token', 'varchar(36)', (c) => c.notNull())
    .addColumn('fingerprint', 'char(64)', (c) => c.notNull())
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_headers', 'text')
    // bytea: PostgreSQL's binary type; SQLite stores a Buffer as a blob under any declared type.
    .addColumn('response_body', 'bytea')
    .addColumn('chunk_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('body_complete', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idempotency_keys_expires_at').on('idempotency_keys').column('expires_at').execute();

  // Streamed bodies (NDJSON) are written in pieces so memory stays flat; keyed by the
  // reservation's token so a taken-over key never mixes two executions' bytes.
  await db.schema
    .createTable('idempotency_chunks')
    .addColumn('token', 'varchar(36)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_chunks_pk', ['token', 'seq'])
    .execute();

  // Fixed windows: one row per bucket (identity and route class), reset in place by an UPSERT.
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('bucket', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').ifExists().execute();
  await db.schema.dropTable('idempotency_chunks').ifExists().execute();
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
}
