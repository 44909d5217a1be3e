import { KeyedMutex } from '../lib/keyed-mutex.js';
import { ConcurrencyLimiter } from '../lib/concurrency-limiter.js';
import type { Announcements, Coordination, PlaybackLeases, StreamSlots } from './coordination.js';

/** There is no other process to tell anything. */
const silence: Announcements = {
  announce() {},
  listen: () => () => {},
};

/** The only process holds every lease; none is ever orphaned while it runs. */
const soleHolder: PlaybackLeases = {
  acquire: async () => true,
  release: async () => {},
  onLost: () => () => {},
  orphans: async () => [],
};

/** Open streams counted in this process's memory. */
export function localStreamSlots(): StreamSlots {
  const limiter = new ConcurrencyLimiter();
  return { acquire: async (key, limit) => limiter.acquire(key, limit) };
}

/**
 * Coordination for one server process on an embedded database (SQLite): a per-simulation queue
 * in memory and counters in memory, as fast as no coordination at all. A restart pauses what
 * was playing (there is nobody to hand it to).
 */
export function createInProcessCoordination(): Coordination {
  const mutex = new KeyedMutex();
  return {
    shared: false,
    locks: { run: (simulationId, task) => mutex.run(simulationId, task) },
    announcements: silence,
    leases: soleHolder,
    streams: localStreamSlots(),
    close: async () => {},
  };
}
