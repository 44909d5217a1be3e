import type { ExperimentRecord } from './experiment-store.js';

/**
 * Who computes the runs of stored experiments
 * (docs/api.md, "Experiments", "Runs, reuse and resuming"): the service stores an experiment and
 * hands it here, and cancels through here. QueuedExperimentExecutor takes the runs from a queue: in
 * this process's memory on an embedded database, in the database when several processes share
 * it (docs/operations.md, "Experiments on several instances").
 */
export interface ExperimentScheduler {
  /** At start: picks up the experiments left unfinished; returns how many there are. */
  resume(): Promise<number>;
  /** A newly stored experiment (status queued): starts it when its organization may run one more. */
  enqueue(record: ExperimentRecord): void;
  /**
   * Stops an experiment: when this returns no further run is recorded, the runs computing are
   * being ended, and the finished runs stay stored. False when it had already finished.
   */
  cancel(id: string): Promise<boolean>;
  /** Seconds left at the pace so far; null when not running or before its first run. */
  estimateSecondsLeft(record: ExperimentRecord): number | null;
  /** Shutdown: runs computing are ended and nothing more is recorded; the work is resumed later, here or elsewhere. */
  close(): Promise<void>;
}
