import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Coordination } from '../../coordination/coordination.js';
import type { Logger } from '../../lib/logger.js';
import { AdvisoryLocks } from './advisory-locks.js';
import { DatabasePlaybackLeases, type LeaseTimings } from './database-playback-leases.js';
import { DatabaseStreamSlots } from './database-stream-slots.js';
import { NotifyAnnouncements } from './notify-announcements.js';

export interface PostgresCoordinationOptions {
  connectionString: string;
  logger: Logger;
  /** Playback lease life and renewal; default 5 000 and 1 000 ms (docs/operations.md, "Several instances"). */
  leases?: Partial<LeaseTimings>;
  /** Life of a stream slot not renewed (its process died); default 30 000 ms. */
  streamSlotTtlMs?: number;
  /** Connections held by locks at most (one per simulation changing in this process); default 16. */
  lockConnections?: number;
}

/**
 * Coordination of several processes through one PostgreSQL database: advisory locks,
 * LISTEN/NOTIFY announcements, and lease and slot rows (migration 0007). Its connections are
 * its own, apart from the stores' pool.
 */
export async function createPostgresCoordination(options: PostgresCoordinationOptions): Promise<Coordination & { readonly processId: string }> {
  const processId = randomUUID();
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 4 });
  const lockPool = new pg.Pool({ connectionString: options.connectionString, max: options.lockConnections ?? 16 });
  const onPoolError = (error: Error): void => options.logger.warn('coordination: idle connection lost', { error: String(error) });
  pool.on('error', onPoolError);
  lockPool.on('error', onPoolError);
  const announcements = new NotifyAnnouncements({ connectionString: options.connectionString, pool, processId, logger: options.logger });
  try {
    await announcements.start();
  } catch (error) {
    await Promise.all([pool.end(), lockPool.end()]);
    throw error;
  }
  const leases = new DatabasePlaybackLeases(
    pool,
    processId,
    { ttlMs: options.leases?.ttlMs ?? 5_000, renewMs: options.leases?.renewMs ?? 1_000 },
    options.logger,
    announcements,
  );
  const streams = new DatabaseStreamSlots(pool, processId, options.streamSlotTtlMs ?? 30_000, options.logger);
  let closed = false;
  return {
    processId,
    shared: true,
    locks: new AdvisoryLocks(lockPool),
    announcements,
    leases,
    streams,
    async close() {
      if (closed) return;
      closed = true;
      leases.close();
      await streams.close();
      await announcements.close();
      await Promise.all([pool.end(), lockPool.end()]);
    },
  };
}
