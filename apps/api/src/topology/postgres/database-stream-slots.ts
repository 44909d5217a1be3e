import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { StreamSlots } from '../../coordination/coordination.js';
import type { ReleaseSlot } from '../../lib/concurrency-limiter.js';
import type { Logger } from '../../lib/logger.js';
import { NOW_MS } from './database-clock.js';
import { RenewedRows } from './renewed-rows.js';

/**
 * Open event streams per organization, one row per stream in `stream_slots`, counted over every
 * process. Counting and taking a slot happen in one transaction under an advisory lock on the
 * organization, so two processes never both take the last slot. A process renews its rows
 * while their streams are open; the rows of a process that died expire after `ttlMs`.
 */
export class DatabaseStreamSlots implements StreamSlots {
  private readonly renewal: RenewedRows;
  private readonly held: Set<string>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly processId: string,
    private readonly ttlMs: number,
    private readonly logger: Logger,
  ) {
    this.renewal = new RenewedRows(
      Math.max(1_000, Math.floor(ttlMs / 3)),
      async (ids) => {
        await this.pool.query(`UPDATE stream_slots SET expires_at = ${NOW_MS} + $1 WHERE id = ANY($2)`, [this.ttlMs, ids]);
      },
      logger,
      'streams: could not renew slots',
    );
    this.held = this.renewal.held;
  }

  async acquire(key: string, limit: number): Promise<ReleaseSlot | null> {
    const id = randomUUID();
    const client = await this.pool.connect();
    let taken = false;
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 1))', [key]);
      await client.query(`DELETE FROM stream_slots WHERE slot_key = $1 AND expires_at < ${NOW_MS}`, [key]);
      const open = await client.query<{ n: string }>('SELECT count(*) AS n FROM stream_slots WHERE slot_key = $1', [key]);
      if (Number(open.rows[0]?.n ?? 0) < limit) {
        await client.query(`INSERT INTO stream_slots (id, slot_key, holder, expires_at) VALUES ($1, $2, $3, ${NOW_MS} + $4)`, [
          id,
          key,
          this.processId,
          this.ttlMs,
        ]);
        taken = true;
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
    if (!taken) return null;
    this.held.add(id);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held.delete(id);
      this.pool.query('DELETE FROM stream_slots WHERE id = $1', [id]).catch((error: unknown) => {
        // The row expires on its own.
        this.logger.warn('streams: could not free a slot', { error: String(error) });
      });
    };
  }

  /** Frees every slot this process holds (shutdown) and stops renewing. */
  async close(): Promise<void> {
    this.renewal.stop();
    if (this.held.size > 0) await this.pool.query('DELETE FROM stream_slots WHERE holder = $1', [this.processId]).catch(() => {});
    this.held.clear();
  }
}
