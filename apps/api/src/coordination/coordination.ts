import type { ReleaseSlot } from '../lib/concurrency-limiter.js';
import type { PlaybackPayer } from '../work-budget/playback-payers.js';

/**
 * Serializes the changes of one simulation: a task runs while no other change of the same
 * simulation runs anywhere (in this process, and in every process on the same database).
 */
export interface SimulationLocks {
  run<T>(simulationId: string, task: () => Promise<T>): Promise<T>;
}

/** What the processes on one database tell each other about; the key names the thing concerned. */
export type AnnouncementTopic =
  /** A simulation's history grew (a commit): followers catch up from storage. */
  | 'simulation'
  /** An experiment stored events: its streams read them from storage. */
  | 'experiment'
  /** A playing simulation's lease was given up (clean shutdown): another process takes it at once. */
  | 'playback';

/** Every announcement of all processes at once: what a listener hears after its connection was lost. */
export const EVERYTHING = '*';

/**
 * Small "something changed" signals between processes. They carry no data (the data is in the
 * database) and may be lost or coalesced; listeners re-read what they follow. A process does not
 * hear its own announcements.
 */
export interface Announcements {
  announce(topic: AnnouncementTopic, key: string): void;
  /** Returns the function that stops listening. `key` is EVERYTHING after a lost connection. */
  listen(topic: AnnouncementTopic, listener: (key: string) => void): () => void;
}

/** A playing simulation whose lease nobody holds any more, with who paid for it. */
export interface OrphanedPlayback {
  simulationId: string;
  payer: PlaybackPayer | undefined;
}

/**
 * Which process advances a playing simulation: the holder of its lease. A held lease is renewed
 * by its process; one not renewed in time (the process died) expires and another process takes
 * the simulation over (docs/operations.md, "Several instances").
 */
export interface PlaybackLeases {
  /** Takes (or keeps) the lease; false while another live process holds it. */
  acquire(simulationId: string, payer: PlaybackPayer | undefined): Promise<boolean>;
  /** Gives the lease up (playback stopped, or this process stops). */
  release(simulationId: string): Promise<void>;
  /** Calls `listener` when a lease this process held was found taken by another (this process stalled). */
  onLost(listener: (simulationId: string) => void): () => void;
  /** Simulations stored as playing whose lease has expired or was given up. */
  orphans(): Promise<OrphanedPlayback[]>;
}

/** Open event streams per organization, counted over every process. */
export interface StreamSlots {
  /** A slot's release, or null when `key` has `limit` streams open. */
  acquire(key: string, limit: number): Promise<ReleaseSlot | null>;
}

/**
 * Everything that coordinates the service's work beyond one request: locks, announcements,
 * playback leases and stream slots. In-process for an embedded database (one server process);
 * through PostgreSQL when several processes share one database.
 */
export interface Coordination {
  /** Other processes may share the database: work is handed over rather than paused at shutdown. */
  readonly shared: boolean;
  readonly locks: SimulationLocks;
  readonly announcements: Announcements;
  readonly leases: PlaybackLeases;
  readonly streams: StreamSlots;
  close(): Promise<void>;
}
