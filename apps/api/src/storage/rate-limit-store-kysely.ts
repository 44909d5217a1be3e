import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { WindowCount } from '../rate-limit/rate-limit-store.js';
import type { SettleEntry, SettleTarget } from '../rate-limit/settling-rate-limit-store.js';
import type { RateLimitTables } from './rate-limit-tables.js';

/** The bucket column's size (varchar(300), which PostgreSQL enforces and SQLite does not). */
const MAX_BUCKET_LENGTH = 300;

/**
 * The bucket's key in the table. A bucket names an identity, and an address taken from a proxy's
 * header can be as long as the header: such a name is stored by its SHA-256 instead, which counts
 * the same requests together and fits the column.
 */
function bucketKey(bucket: string): string {
  return bucket.length <= MAX_BUCKET_LENGTH ? bucket : `#sha256:${createHash('sha256').update(bucket).digest('hex')}`;
}

/**
 * Fixed-window counters in the database: one UPSERT … RETURNING per request, atomic on SQLite
 * and PostgreSQL alike, so every instance on the database counts into the same row. A request
 * stamped with a later window resets the row; an earlier one (a clock behind) counts into the
 * current window rather than moving it back.
 */
export function createKyselyRateLimitStore<DB extends RateLimitTables>(database: Kysely<DB>): SettleTarget {
  const db = database as unknown as Kysely<RateLimitTables>;
  const upsert = (rows: Array<{ bucket: string; window_start: number; count: number }>) =>
    db
      .insertInto('rate_limit_counters')
      .values(rows)
      .onConflict((oc) =>
        oc.column('bucket').doUpdateSet({
          count: sql<number>`case when excluded.window_start > rate_limit_counters.window_start then excluded.count else rate_limit_counters.count + excluded.count end`,
          window_start: sql<number>`case when excluded.window_start > rate_limit_counters.window_start then excluded.window_start else rate_limit_counters.window_start end`,
        }),
      )
      .returning(['bucket', 'count', 'window_start']);
  return {
    async increment(bucket, windowStart, amount = 1): Promise<WindowCount> {
      const row = await upsert([{ bucket: bucketKey(bucket), window_start: windowStart, count: amount }]).executeTakeFirstOrThrow();
      return { count: Number(row.count), windowStart: Number(row.window_start) };
    },

    /**
     * One statement per 500 buckets, in key order: instances settling at once lock shared rows
     * in the same order, never each other's first.
     */
    async incrementMany(entries: readonly SettleEntry[]): Promise<Map<string, WindowCount>> {
      const byKey = new Map(entries.map((entry) => [bucketKey(entry.bucket), entry]));
      const keys = [...byKey.keys()].sort();
      const counts = new Map<string, WindowCount>();
      for (let start = 0; start < keys.length; start += 500) {
        const rows = keys.slice(start, start + 500).map((key) => ({ bucket: key, window_start: byKey.get(key)!.windowStart, count: byKey.get(key)!.amount }));
        for (const row of await upsert(rows).execute()) {
          const entry = byKey.get(row.bucket);
          if (entry !== undefined) counts.set(entry.bucket, { count: Number(row.count), windowStart: Number(row.window_start) });
        }
      }
      return counts;
    },

    async peek(bucket, windowStart) {
      const row = await db.selectFrom('rate_limit_counters').select(['count', 'window_start']).where('bucket', '=', bucketKey(bucket)).executeTakeFirst();
      return row === undefined || Number(row.window_start) < windowStart ? 0 : Number(row.count);
    },

    async sweep(before) {
      const result = await db.deleteFrom('rate_limit_counters').where('window_start', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
