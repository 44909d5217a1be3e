import type { MeasureTask } from '../engine-work/engine-task.js';
import type { MetricSpec } from '../engine-data/experiment-metrics.js';
import type { ExperimentSpec, RunInputs, SimulationBase } from './experiment-spec.js';

/** The engine task that computes one run: from its scenario, or from the simulation base's snapshot with the run's inputs. */
export function measureTask(spec: ExperimentSpec, metrics: MetricSpec[], inputs: RunInputs): MeasureTask {
  const from: MeasureTask['from'] =
    inputs.start === 'scenario'
      ? { scenario: inputs.scenario, engineVersion: spec.engineVersion }
      : { snapshot: { json: (spec.base as SimulationBase).snapshot }, inputs: inputs.inputs };
  return { kind: 'measure', from, ticks: spec.ticks, metrics };
}
