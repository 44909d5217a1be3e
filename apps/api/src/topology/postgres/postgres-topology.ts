import type { Coordination } from '../../coordination/coordination.js';
import { playbackClock } from '../../live/playback-clock.js';
import type { Logger } from '../../lib/logger.js';
import { createKyselyRateLimitStore } from '../../storage/rate-limit-store-kysely.js';
import { SettlingRateLimitStore } from '../../rate-limit/settling-rate-limit-store.js';
import type { RecoverablePlayback, Topology, TopologyDeps } from '../topology.js';
import { PgBossRunQueue } from './pg-boss-run-queue.js';
import { createPostgresCoordination } from './postgres-coordination.js';
import { SharedEventBus } from './shared-event-bus.js';
import { SharedExperimentFeed } from './shared-experiment-feed.js';

export interface PostgresTopologyDeps extends TopologyDeps {
  connectionString: string;
  /** How long a playback lease lasts unless renewed (SIM_PLAYBACK_LEASE_MS). */
  playbackLeaseMs: number;
}

/**
 * Several processes on one PostgreSQL database (docs/operations.md, "Several instances" and
 * "Experiments on several instances"): locks, leases, stream slots and announcements through the
 * database; every process's streams follow commits made by any process; experiment runs are
 * queued in pg-boss and taken by every process; rate-limit windows are counted in the database;
 * a clean stop hands playing simulations over, and each process adopts those nobody advances.
 */
export async function createPostgresTopology(deps: PostgresTopologyDeps): Promise<Topology> {
  const { storage, engine, logger, instance, playbackLeaseMs } = deps;
  const renewMs = Math.max(100, Math.floor(playbackLeaseMs / 5));
  const coordination = await createPostgresCoordination({ connectionString: deps.connectionString, logger, leases: { ttlMs: playbackLeaseMs, renewMs } });
  logger.info(`coordination: shared through the database (playback leases of ${playbackLeaseMs} ms)`);
  // pg-boss creates its schema at start; the executor stops the queue at shutdown, after handing
  // back the batches under way.
  let runQueue: PgBossRunQueue;
  try {
    runQueue = await PgBossRunQueue.start({ connectionString: deps.connectionString, logger, holder: instance });
  } catch (error) {
    await coordination.close();
    throw error;
  }
  logger.info(`experiments: runs are taken from the queue shared in PostgreSQL, as ${instance}`);
  const onBusError = (error: unknown): void => logger.error('event listener failed', { error: String(error) });
  const eventBus = new SharedEventBus({ announcements: coordination.announcements, store: storage.simulations, engine, onError: onBusError });
  const experimentFeed = new SharedExperimentFeed({
    announcements: coordination.announcements,
    store: storage.experiments,
    onError: (error) => logger.warn('experiments: could not follow events', { error: String(error) }),
  });
  // Rate limits are counted here and settled in batches (docs/operations.md, "Rate limits across instances").
  const rateLimitStore = new SettlingRateLimitStore(createKyselyRateLimitStore(storage.db), {
    onError: (error) => logger.error('background write failed', { error: String(error) }),
  });
  return {
    kind: 'postgres',
    coordination,
    eventBus,
    runQueue,
    experimentFeed,
    rateLimitStore,
    // Leases decide which process advances a simulation, and a clean stop hands it over.
    playback: playbackClock({ logger, leases: coordination.leases, handOver: true }),
    recovery: { start: async (playback) => adoptOrphanedPlayback(coordination, playback, logger, renewMs) },
    experiments: () => ({ locks: coordination.locks, announcements: coordination.announcements, queue: runQueue, feed: experimentFeed, pace: 'experiment' }),
    stopFollowing: () => eventBus.close(),
    close: async () => {
      await rateLimitStore.close();
      await coordination.close();
    },
  };
}

/**
 * Looks for playing simulations nobody advances (their process died or handed them over) every
 * `everyMs`, and at once when a process announces a hand-over. Returns stop.
 */
function adoptOrphanedPlayback(coordination: Coordination, playback: RecoverablePlayback, logger: Logger, everyMs: number): () => void {
  let running = false;
  const adopt = (): void => {
    if (running) return;
    running = true;
    playback
      .adoptOrphanedPlayback()
      .then((ids) => {
        if (ids.length > 0) logger.info(`playback: took over ${ids.length} simulation(s) from a process that stopped`, { simulationIds: ids });
      })
      .catch((error: unknown) => logger.warn('playback: could not look for orphaned playback', { error: String(error) }))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(adopt, everyMs);
  timer.unref();
  const stopListening = coordination.announcements.listen('playback', adopt);
  adopt();
  return () => {
    clearInterval(timer);
    stopListening();
  };
}
