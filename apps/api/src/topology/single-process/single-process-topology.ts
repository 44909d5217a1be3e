import { createInProcessCoordination } from '../../coordination/in-process-coordination.js';
import { InProcessExperimentFeed } from '../../experiments/experiment-feed.js';
import { MemoryRunQueue } from '../../experiments/memory-run-queue.js';
import { playbackClock } from '../../live/playback-clock.js';
import { MemoryRateLimitStore } from '../../rate-limit/memory-rate-limit-store.js';
import { InProcessEventBus } from '../../simulations/event-bus.js';
import type { Topology, TopologyDeps } from '../topology.js';

/**
 * One server process on an embedded database (SQLite): locks, leases, stream slots, the event
 * bus, the experiment run queue and feed and the rate-limit windows all live in this process's
 * memory, as fast as no coordination at all. Nothing is handed over at shutdown: there is
 * nobody to hand it to, so a restart pauses what was playing and releases the idempotency keys
 * a dead process left reserved; unfinished experiments are queued again by their executor.
 */
export function createSingleProcessTopology(deps: Pick<TopologyDeps, 'logger' | 'idempotencyStore'>): Topology {
  const { logger, idempotencyStore } = deps;
  const coordination = createInProcessCoordination();
  const onBusError = (error: unknown): void => logger.error('event listener failed', { error: String(error) });
  const runQueue = new MemoryRunQueue();
  const experimentFeed = new InProcessExperimentFeed();
  return {
    kind: 'single-process',
    coordination,
    eventBus: new InProcessEventBus(onBusError),
    runQueue,
    experimentFeed,
    // The one server process's memory is the exact store of its rate-limit windows.
    rateLimitStore: new MemoryRateLimitStore(),
    playback: playbackClock({ logger }),
    recovery: {
      async start(playback) {
        // Nothing is in flight before this process serves; on a database it alone owns, a key still
        // reserved was left by a request that died with the previous process (see releaseInFlight).
        const released = (await idempotencyStore?.releaseInFlight()) ?? 0;
        if (released > 0) logger.info(`idempotency: ${released} key(s) left in flight by an unclean stop are released`);
        const interrupted = await playback.recoverInterruptedPlayback();
        if (interrupted.length > 0) logger.info(`playback: ${interrupted.length} simulation(s) left playing by an unclean stop are now paused`);
        return () => {};
      },
    },
    experiments: () => ({ locks: coordination.locks, announcements: coordination.announcements, queue: runQueue, feed: experimentFeed, pace: 'process' }),
    stopFollowing: () => {},
    close: () => coordination.close(),
  };
}
