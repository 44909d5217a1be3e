import type { EngineEvent, EngineSnapshot, EngineState, ScenarioInput, ScheduledInput, TraceStep } from '@sim/engine';
import type { Checkpoint } from '../storage/simulation-store.js';
import type { MetricSpec, MetricValue } from '../experiments/experiment-metrics.js';

/**
 * Advance a stored simulation: resume `snapshot` and compute up to `ticks` ticks. Everything a
 * step, a run, a playback tick or a time-control step computes goes through this one task.
 */
export interface AdvanceTask {
  kind: 'advance';
  snapshot: EngineSnapshot;
  ticks: number;
  /** Build each tick's trace step (someone follows the simulation live). */
  keepSteps: boolean;
  /** Encode a checkpoint at every tick computed that is a multiple of this; 0: none. */
  checkpointEvery: number;
}

/** What an advance gives back for the main thread to store in one transaction and publish. */
export interface AdvanceResult {
  kind: 'advanced';
  advanced: number;
  events: EngineEvent[];
  steps: TraceStep[];
  snapshot: EngineSnapshot;
  /** The checkpoints due in the ticks computed, in tick order. */
  checkpoints: Checkpoint[];
  state: EngineState;
  tick: number;
  completed: boolean;
  ticksPerSecond: number;
}

/**
 * One stretch of a replay (trace reads, SSE resumption): from the scenario at tick 0 (`from`
 * is the scenario), from a stored checkpoint, or from the snapshot the previous stretch ended at, the logged inputs
 * queued just before the tick they applied at, up to `untilTick`, stopping early after about
 * `budgetMs` so that a long replay is many short tasks: the pool stays fair, memory stays flat
 * and a reader that goes away stops it between two stretches.
 */
export interface ReplayTask {
  kind: 'replay';
  from: { scenario: ScenarioInput; engineVersion: string } | { checkpoint: Uint8Array } | { snapshot: EngineSnapshot };
  /** The inputs that apply after the start of this stretch, in log order. */
  inputs: readonly ScheduledInput[];
  untilTick: number;
  /** Ticks below this get no trace step (null): a resumed stream does not need them. */
  stepsFromTick: number;
  /** `json`: each step as its JSON text (what a trace response writes); `object`: the step itself. */
  format: 'json' | 'object';
  budgetMs: number;
  /** Also end the stretch once its output holds this many characters of JSON (or steps, for `object`). */
  maxOutput: number;
  /** Also gather the engine's events of every tick computed (a fork stores them, a compare reads them). */
  keepEvents?: boolean;
}

export interface ReplayResult {
  kind: 'replayed';
  /** One entry per tick computed, in order: the step (or its JSON), or null when not wanted. */
  steps: Array<TraceStep | string | null>;
  /** The tick reached; the replay is over when it is `untilTick` or `ended` is true. */
  tick: number;
  /** The simulation completed before `untilTick` (the log and the engine agree it ends here). */
  ended: boolean;
  /** Where the next stretch starts. */
  snapshot: EngineSnapshot;
  /** The engine's events of the ticks computed, in order; empty unless `keepEvents`. */
  events: EngineEvent[];
}

/**
 * One run of an experiment: a fresh simulation of `scenario` (its seed the run's), `ticks` ticks
 * (fewer when it completes), and only the metrics handed back: nothing else crosses the thread.
 */
export interface MeasureTask {
  kind: 'measure';
  scenario: ScenarioInput;
  engineVersion: string;
  ticks: number;
  metrics: MetricSpec[];
}

export interface MeasureResult {
  kind: 'measured';
  metrics: Record<string, MetricValue>;
  /** Ticks computed and agents at the start: the run's agent-ticks, for the benchmarks. */
  ticks: number;
  agents: number;
}

export type EngineTask = AdvanceTask | ReplayTask | MeasureTask;
export type EngineTaskResult = AdvanceResult | ReplayResult | MeasureResult;
