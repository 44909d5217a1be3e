import { availableParallelism } from 'node:os';

/**
 * Threads that run one prophecy's branches in each engine worker (the worker's own included),
 * when SIM_PROPHECY_THREADS is not set: the cores shared out among the engine workers, so that
 * every engine worker prophesying at once computes on at most one thread per core
 * (engine workers × prophecy threads ≤ cores). At least 1: no helper thread.
 * docs/operations.md, "Prophecy threads".
 */
export function defaultProphecyThreads(engineWorkers: number, cores: number = availableParallelism()): number {
  return Math.max(1, Math.floor(cores / Math.max(1, engineWorkers)));
}
