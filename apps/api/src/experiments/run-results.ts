import { isEngineTaskCancelled, type EngineRunner } from '../engine-work/engine-runner.js';
import type { MetricSpec, MetricValue } from '../engine-data/experiment-metrics.js';
import type { ExperimentSpec, RunInputs } from './experiment-spec.js';
import type { ExperimentStore } from './experiment-store.js';
import { measureTask } from './measure-task.js';

/** A run's metrics, and whether this process computed them (false: a stored or shared result). */
export interface RunResult {
  metrics: Record<string, MetricValue>;
  computed: boolean;
}

/**
 * A run's metrics (docs/api.md, "Experiments", "Runs, reuse and resuming"): a stored result
 * of the same inputs, the same inputs computing in this process right now (awaited, not
 * computed twice), or computed now on the engine.
 */
export class RunResults {
  private readonly computing = new Map<string, Promise<Record<string, MetricValue>>>();

  constructor(private readonly deps: { store: Pick<ExperimentStore, 'storedResult'>; engine: EngineRunner }) {}

  async of(spec: ExperimentSpec, metrics: MetricSpec[], inputs: RunInputs, signal: AbortSignal): Promise<RunResult> {
    const stored = await this.deps.store.storedResult(inputs.hash);
    if (stored !== undefined) return { metrics: stored, computed: false };
    const pending = this.computing.get(inputs.hash);
    if (pending !== undefined) {
      try {
        return { metrics: await pending, computed: false };
      } catch (error) {
        // The other computation was cancelled with its experiment: compute it here instead.
        if (!isEngineTaskCancelled(error)) throw error;
      }
    }
    const task = this.deps.engine.measure(measureTask(spec, metrics, inputs), signal).then((result) => result.metrics);
    this.computing.set(inputs.hash, task);
    try {
      return { metrics: await task, computed: true };
    } finally {
      if (this.computing.get(inputs.hash) === task) this.computing.delete(inputs.hash);
    }
  }
}
