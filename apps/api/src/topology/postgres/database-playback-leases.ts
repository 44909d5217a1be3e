import type pg from 'pg';
import type { Announcements, OrphanedPlayback, PlaybackLeases } from '../../coordination/coordination.js';
import type { Logger } from '../../lib/logger.js';
import type { PlaybackPayer } from '../../work-budget/playback-payers.js';
import { NOW_MS } from './database-clock.js';
import { RenewedRows } from './renewed-rows.js';

export interface LeaseTimings {
  /** How long a lease lasts unless renewed; a dead holder's simulations move on after it. */
  ttlMs: number;
  /** How often a process renews the leases it holds. */
  renewMs: number;
}

/**
 * Playback leases in the `playback_leases` table. Taking one is a single upsert that succeeds
 * only when the row is free, expired, or already ours; the holder renews all of its leases in
 * one statement every `renewMs`, and a lease that a renewal no longer finds ours was taken over
 * (this process stalled past its expiry). Giving a lease up expires it at once but keeps its
 * payer, so the process that takes the simulation over charges the same identity.
 */
export class DatabasePlaybackLeases implements PlaybackLeases {
  private readonly lostListeners = new Set<(simulationId: string) => void>();
  private readonly renewal: RenewedRows;
  private readonly held: Set<string>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly processId: string,
    private readonly timings: LeaseTimings,
    logger: Logger,
    /** Told of every lease given up, so that another process takes the simulation at once. */
    private readonly announcements: Pick<Announcements, 'announce'>,
  ) {
    this.renewal = new RenewedRows(timings.renewMs, (ids) => this.renew(ids), logger, 'playback: could not renew leases');
    this.held = this.renewal.held;
  }

  async acquire(simulationId: string, payer: PlaybackPayer | undefined): Promise<boolean> {
    const result = await this.pool.query(
      `INSERT INTO playback_leases (simulation_id, holder, expires_at, payer) VALUES ($1, $2, ${NOW_MS} + $3, $4)
       ON CONFLICT (simulation_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at, payer = COALESCE(EXCLUDED.payer, playback_leases.payer)
       WHERE playback_leases.holder = EXCLUDED.holder OR playback_leases.expires_at < ${NOW_MS}
       RETURNING simulation_id`,
      [simulationId, this.processId, this.timings.ttlMs, payer === undefined ? null : JSON.stringify(payer)],
    );
    const won = result.rowCount === 1;
    if (won) this.held.add(simulationId);
    return won;
  }

  async release(simulationId: string): Promise<void> {
    this.held.delete(simulationId);
    const result = await this.pool.query('UPDATE playback_leases SET expires_at = 0 WHERE simulation_id = $1 AND holder = $2', [simulationId, this.processId]);
    if (result.rowCount === 1) this.announcements.announce('playback', simulationId);
  }

  onLost(listener: (simulationId: string) => void): () => void {
    this.lostListeners.add(listener);
    return () => this.lostListeners.delete(listener);
  }

  async orphans(): Promise<OrphanedPlayback[]> {
    const result = await this.pool.query<{ id: string; payer: string | null }>(
      `SELECT s.id, l.payer FROM simulations s LEFT JOIN playback_leases l ON l.simulation_id = s.id
       WHERE s.status = 'playing' AND (l.simulation_id IS NULL OR l.expires_at < ${NOW_MS})`,
    );
    return result.rows.map((row) => ({ simulationId: row.id, payer: row.payer === null ? undefined : (JSON.parse(row.payer) as PlaybackPayer) }));
  }

  /** Stops renewing (the leases still held expire, or were given up by the clock). */
  close(): void {
    this.renewal.stop();
  }

  /** Renews the leases held; one a renewal no longer finds ours was taken over (this process stalled past its expiry). */
  private async renew(ids: string[]): Promise<void> {
    const result = await this.pool.query<{ simulation_id: string }>(
      `UPDATE playback_leases SET expires_at = ${NOW_MS} + $1 WHERE holder = $2 AND simulation_id = ANY($3) RETURNING simulation_id`,
      [this.timings.ttlMs, this.processId, ids],
    );
    const kept = new Set(result.rows.map((row) => row.simulation_id));
    for (const id of ids) {
      if (kept.has(id) || !this.held.has(id)) continue;
      this.held.delete(id);
      for (const listener of [...this.lostListeners]) listener(id);
    }
  }
}
