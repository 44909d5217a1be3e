import type { Coordination } from '../coordination/coordination.js';
import type { EngineRunner } from '../engine-work/engine-runner.js';
import type { ExperimentFeed } from '../experiments/experiment-feed.js';
import type { ExperimentTopology } from '../experiments/experiment-runtime.js';
import type { RunQueue } from '../experiments/run-queue.js';
import type { IdempotencyStore } from '../idempotency/idempotency-store.js';
import type { Logger } from '../lib/logger.js';
import type { RateLimitStore } from '../rate-limit/rate-limit-store.js';
import type { SimulationEventBus } from '../simulations/event-bus.js';
import type { PlaybackControllerFactory } from '../simulations/playback-controller.js';
import type { StorageHandle } from '../storage/storage-handle.js';

/** What start-up recovery needs of the simulation service. */
export interface RecoverablePlayback {
  /** One process: simulations stored as playing by a process that died are paused. */
  recoverInterruptedPlayback(): Promise<string[]>;
  /** Several processes: playing simulations whose lease nobody holds are taken over. */
  adoptOrphanedPlayback(): Promise<string[]>;
}

/** What a process finds left by the one before it, and how it deals with it. */
export interface Recovery {
  /**
   * Before serving: deals with what a previous process left (keys in flight, playback).
   * Returns the function that stops what keeps running (the watch for orphaned playback).
   */
  start(playback: RecoverablePlayback): Promise<() => void>;
}

/**
 * How the processes of one deployment share work (docs/architecture.md, "Topology"), chosen once
 * from the database as kysely chooses a dialect: one process on an embedded database keeps
 * everything in its memory; several processes on one PostgreSQL database coordinate through it.
 */
export interface Topology {
  readonly kind: 'single-process' | 'postgres';
  /** Locks, announcements, playback leases and stream slots. */
  readonly coordination: Coordination;
  /** How committed changes reach the event streams. */
  readonly eventBus: SimulationEventBus;
  /** Where experiment runs wait for a process to compute them. */
  readonly runQueue: RunQueue;
  /** The live feed of experiment events. */
  readonly experimentFeed: ExperimentFeed;
  /** Rate-limit windows. */
  readonly rateLimitStore: RateLimitStore;
  /** Builds the clock that advances playing simulations. */
  readonly playback: PlaybackControllerFactory;
  readonly recovery: Recovery;
  /** The experiment runtime's share of the above. */
  experiments(): ExperimentTopology;
  /** At shutdown, once the streams ended: stops following the commits of other processes. */
  stopFollowing(): void;
  /** At shutdown, last before the storage: closes the coordination. */
  close(): Promise<void>;
}

export interface TopologyDeps {
  storage: StorageHandle;
  /** Where the shared event bus recomputes ticks another process computed. */
  engine: EngineRunner;
  /** Keys a dead process left reserved are released at start on a database one process owns; absent in a worker. */
  idempotencyStore?: IdempotencyStore;
  logger: Logger;
  /** This process's name (host:pid) on its queue claims. */
  instance: string;
}
