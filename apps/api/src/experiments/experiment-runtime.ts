import type { Coordination } from '../coordination/coordination.js';
import type { EngineRunner } from '../engine-work/engine-runner.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { DomainCatalog } from '../scenarios/domain-catalog.js';
import { ExperimentExecutor } from './experiment-executor.js';
import { InProcessExperimentFeed, type ExperimentFeed } from './experiment-feed.js';
import type { ExperimentLimitsTable } from './experiment-limits.js';
import type { ExperimentScheduler } from './experiment-scheduler.js';
import type { ExperimentStore } from './experiment-store.js';
import { QueuedExperimentExecutor } from './queued-experiment-executor.js';
import type { RunQueue } from './run-queue.js';
import { SharedExperimentFeed } from '../topology/postgres/shared-experiment-feed.js';

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
  /** Shared coordination (several processes on one database): events followed across processes. */
  coordination?: Coordination | undefined;
  /** The queue every process takes runs from; with shared coordination, runs are computed through it. */
  queue?: RunQueue | undefined;
}

/** What computes experiments and carries their events, in this process or shared with others. */
export interface ExperimentRuntime {
  executor: ExperimentScheduler;
  feed: ExperimentFeed;
}

/**
 * The experiments' executor and feed (docs/operations.md, "Experiments on several instances"):
 * in this process alone on an embedded database; through the shared run queue, with a feed that
 * follows every process's events, when several processes share one.
 */
export function createExperimentRuntime(deps: ExperimentRuntimeDeps): ExperimentRuntime {
  const { coordination, queue } = deps;
  if (coordination?.shared !== true) {
    const feed = new InProcessExperimentFeed();
    return { feed, executor: new ExperimentExecutor({ ...deps, feed }) };
  }
  const feed = new SharedExperimentFeed({
    announcements: coordination.announcements,
    store: deps.store,
    onError: (error) => deps.logger.warn('experiments: could not follow events', { error: String(error) }),
  });
  if (queue === undefined) return { feed, executor: new ExperimentExecutor({ ...deps, feed }) };
  return {
    feed,
    executor: new QueuedExperimentExecutor({
      ...deps,
      instance: deps.instance ?? 'unnamed',
      feed,
      queue,
      locks: coordination.locks,
      announcements: coordination.announcements,
    }),
  };
}
