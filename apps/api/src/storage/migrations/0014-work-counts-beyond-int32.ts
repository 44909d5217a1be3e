import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: this migration does not import today's table types.

export async function up(db: Kysely<any>): Promise<void> {
  // A rate-limit counter also counts work, in agent-ticks: one large run is billions, beyond
  // PostgreSQL's 32-bit `integer`, and its settling failed there. SQLite's integers are 64-bit.
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`ALTER TABLE rate_limit_counters ALTER COLUMN count TYPE bigint`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`ALTER TABLE rate_limit_counters ALTER COLUMN count TYPE integer`.execute(db);
}
