import type { Announcements, SimulationLocks } from '../coordination/coordination.js';
import { createInProcessCoordination } from '../coordination/in-process-coordination.js';
import type { EngineRunner } from '../engine-work/engine-runner.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { DomainCatalog } from '../scenarios/domain-catalog.js';
import { QueuedExperimentExecutor } from './queued-experiment-executor.js';
import { InProcessExperimentFeed, type ExperimentFeed } from './experiment-feed.js';
import type { ExperimentLimitsTable } from './experiment-limits.js';
import type { ExperimentScheduler } from './experiment-scheduler.js';
import type { ExperimentStore } from './experiment-store.js';
import { MemoryRunQueue } from './memory-run-queue.js';
import type { RunQueue } from './run-queue.js';

/** What the deployment shares between processes, if anything (see topology/); defaults: this process alone. */
export interface ExperimentTopology {
  /** Experiments are started under one of these locks, over every process. */
  locks: SimulationLocks;
  announcements: Announcements;
  /** The queue runs are taken from: in memory, or shared in PostgreSQL. */
  queue: RunQueue;
  /** The feed of experiment events: this process's, or one that follows every process's. */
  feed: ExperimentFeed;
  /** Where `estimatedSecondsLeft` takes its pace from (see QueuedExperimentExecutorDeps). */
  pace: 'process' | 'experiment';
}

export interface ExperimentRuntimeDeps {
  store: ExperimentStore;
  engine: EngineRunner;
  domains: DomainCatalog;
  clock: Clock;
  logger: Logger;
  limits: ExperimentLimitsTable;
  /** Runs (batches) computing at once in this process; the server passes its worker count. */
  parallelism: number;
  /** This process's name on the runs it records (host:pid). */
  instance?: string | undefined;
  /** The deployment's queue, feed, locks and announcements; default one process with an in-memory queue. */
  topology?: ExperimentTopology | undefined;
}

/** What computes experiments and carries their events, in this process or shared with others. */
export interface ExperimentRuntime {
  executor: ExperimentScheduler;
  feed: ExperimentFeed;
}

/** One process on an embedded database: an in-memory queue and feed, locks in memory, nobody to tell. */
export function singleProcessExperiments(): ExperimentTopology {
  const { locks, announcements } = createInProcessCoordination();
  return { locks, announcements, queue: new MemoryRunQueue(), feed: new InProcessExperimentFeed(), pace: 'process' };
}

/**
 * The experiments' executor and feed (docs/operations.md, "Experiments on several instances"):
 * one executor taking runs from the deployment's queue, in this process's memory on an embedded
 * database, shared in PostgreSQL when several processes share one.
 */
export function createExperimentRuntime(deps: ExperimentRuntimeDeps): ExperimentRuntime {
  const { topology = singleProcessExperiments(), ...rest } = deps;
  const { feed, queue, locks, announcements, pace } = topology;
  return { feed, executor: new QueuedExperimentExecutor({ ...rest, feed, queue, locks, announcements, pace }) };
}
