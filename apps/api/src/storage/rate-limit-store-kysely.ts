import { sql, type Kysely } from 'kysely';
import type { RateLimitStore, WindowCount } from '../rate-limit/rate-limit-store.js';
import type { RateLimitTables } from './rate-limit-tables.js';

/**
 * Fixed-window counters in the database: one UPSERT … RETURNING per request, atomic on SQLite
 * and PostgreSQL alike, so every instance on the database counts into the same row. A request
 * stamped with a later window resets the row; an earlier one (a clock behind) counts into the
 * current window rather than moving it back.
 */
export function createKyselyRateLimitStore<DB extends RateLimitTables>(database: Kysely<DB>): RateLimitStore {
  const db = database as unknown as Kysely<RateLimitTables>;
  return {
    async increment(bucket, windowStart, amount = 1): Promise<WindowCount> {
      const row = await db
        .insertInto('rate_limit_counters')
        .values({ bucket, window_start: windowStart, count: amount })
        .onConflict((oc) =>
          oc.column('bucket').doUpdateSet({
            count: sql<number>`case when excluded.window_start > rate_limit_counters.window_start then excluded.count else rate_limit_counters.count + excluded.count end`,
            window_start: sql<number>`case when excluded.window_start > rate_limit_counters.window_start then excluded.window_start else rate_limit_counters.window_start end`,
          }),
        )
        .returning(['count', 'window_start'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), windowStart: Number(row.window_start) };
    },

    async peek(bucket, windowStart) {
      const row = await db.selectFrom('rate_limit_counters').select(['count', 'window_start']).where('bucket', '=', bucket).executeTakeFirst();
      return row === undefined || Number(row.window_start) < windowStart ? 0 : Number(row.count);
    },

    async sweep(before) {
      const result = await db.deleteFrom('rate_limit_counters').where('window_start', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
