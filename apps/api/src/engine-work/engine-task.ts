import type {
  DomainState,
  EngineEvent,
  EngineInput,
  EngineInputDraft,
  EngineSnapshot,
  EngineState,
  InputProblem,
  ScenarioInput,
  ScheduledInput,
  TraceStep,
  ValidationIssue,
} from '@sim/engine';
import type { Checkpoint, SnapshotText } from '../engine-data/checkpoint.js';
import type { CompactStep } from '../engine-data/compact-step.js';
import type { EncodedEngineEvent } from '../engine-data/encoded-event.js';
import type { SnapshotWeight } from '../engine-data/snapshot-weights.js';
import type { MetricSpec, MetricValue } from '../engine-data/experiment-metrics.js';
import type { DomainTranslation } from '../engine-data/domain-translation.js';

/** A scenario to build at tick 0 under an engine version (already resolved: no default applies on a worker). */
export interface ScenarioStart {
  scenario: ScenarioInput;
  engineVersion: string;
}

/**
 * A stored simulation's head: its stored snapshot, and how many ticks the head has run past it
 * (0 when the snapshot is the head). Those ticks are computed again from the snapshot before
 * anything else, unless the thread keeps the world at the head (docs/operations.md, "Warm worlds").
 */
export interface StoredStart {
  snapshot: SnapshotText;
  ahead?: number;
}

/**
 * Advance a simulation: resume a stored head (or build a new one from a scenario, for
 * `run`) and compute up to `ticks` ticks. Everything a step, a run, a playback tick or a
 * time-control step computes goes through this one task.
 */
export interface AdvanceTask {
  kind: 'advance';
  /**
   * The simulation this task is of: a pool of several threads sends its tasks to the one that
   * kept its world (sticky-balancer.ts); the engine does not read it.
   */
  simulationId?: string;
  from: StoredStart | ScenarioStart;
  ticks: number;
  /**
   * How many ticks the head may run past its stored snapshot before an advance hands back a new
   * one to store; 0 or left out: every advance does. An advance from a world this thread did
   * not keep, and one that completes the simulation, always does.
   */
  snapshotEvery?: number;
  /** Build each tick's trace step (someone follows the simulation live). */
  keepSteps: boolean;
  /** With keepSteps, each step's agents as JSON too (a stream takes them so); default true. */
  agentsJson?: boolean;
  /** Encode a checkpoint at every tick computed that is a multiple of this; 0: none. */
  checkpointEvery: number;
  /**
   * Also hand back each tick's trace step as its NDJSON line, written as a replay writes the
   * step (a streamed `run` answers with them: the same bytes as a trace read of those ticks).
   */
  stepLines?: boolean;
  /**
   * End early, after at least one tick, once this many milliseconds have passed since the task
   * began (building or restoring the world included): a streamed `run` computes in chunks so its
   * first steps leave long before its last tick. Where it ends changes nothing computed.
   */
  budgetMs?: number;
  /** Also end early once `stepLines` hold this many bytes (a chunk's memory stays bounded). */
  maxOutput?: number;
  /**
   * Ticks advanced (ascending) after which to hand back the state, as well as at the end: steps
   * of several requests computed as one advance each answer with the state after their own ticks.
   */
  statesAt?: readonly number[];
}

/** What an advance gives back for the main thread to store in one transaction and publish. */
export interface AdvanceResult {
  kind: 'advanced';
  advanced: number;
  /** As JSON text: the main thread stores them as they are (EncodedEngineEvent). */
  events: EncodedEngineEvent[];
  /** With `keepSteps`: each tick's step, compact (the event loop publishes it to live streams). */
  steps: CompactStep[];
  /**
   * With `stepLines`: each tick's trace step as its NDJSON line (the step's JSON and a newline,
   * UTF-8), views into a few buffers that a worker moves to the event loop; empty otherwise.
   */
  stepLines: Uint8Array[];
  /**
   * The snapshot at `tick`, as text (the main thread only stores it); null when none is stored
   * this time (see `snapshotEvery`): the stored one stays, and the head is computed again from
   * it wherever the world is not kept.
   */
  snapshot: SnapshotText | null;
  /** What weighing the next advance needs of the world at `tick`, so the main thread need not parse a snapshot. */
  weight: SnapshotWeight;
  /** The checkpoints due in the ticks computed, in tick order. */
  checkpoints: Checkpoint[];
  state: EngineState;
  /** With `statesAt`: the state after each of those ticks that was reached, in order. */
  states: EngineState[];
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
  /** A snapshot as text: the worker parses it (a copied string costs the event loop a memcpy, an object a structured clone). */
  from: { scenario: ScenarioInput; engineVersion: string } | { checkpoint: Uint8Array } | { snapshot: SnapshotText };
  /** The inputs that apply after the start of this stretch, in log order. */
  inputs: readonly ScheduledInput[];
  untilTick: number;
  /** Ticks below this get no trace step (null): a resumed stream does not need them. */
  stepsFromTick: number;
  /**
   * `lines`: each step's NDJSON line (its JSON text and a newline) as UTF-8 bytes, moved to the
   * event loop uncopied (what a trace response writes); `object`: the step itself; `digests`:
   * what a comparison reads of each step (StepDigest), made here rather than on the event loop.
   */
  format: 'lines' | 'object' | 'digests';
  budgetMs: number;
  /** Also end the stretch once its output holds this many bytes of lines (or steps, for `object`). */
  maxOutput: number;
  /** Also gather the engine's events of every tick computed (a fork stores them, a compare reads them). */
  keepEvents?: boolean;
}

/** What a comparison reads of one step (compare-runs.ts), made on the worker that computed it. */
export interface StepDigest {
  /** SHA-256 (base64) of the step's JSON text: two steps are equal, byte for byte, when their hashes are. */
  hash: string;
  stability: number;
  /** The ids of the step's attractors, in order. */
  attractors: string[];
  domain: DomainState | null;
}

export interface ReplayResult {
  kind: 'replayed';
  /** One entry per tick computed, in order: the step (or its line, or its digest), or null when not wanted. */
  steps: Array<TraceStep | Uint8Array | StepDigest | null>;
  /** The tick reached; the replay is over when it is `untilTick` or `ended` is true. */
  tick: number;
  /** The simulation completed before `untilTick` (the log and the engine agree it ends here). */
  ended: boolean;
  /** Where the next stretch starts, as text (written and parsed on the workers, never on the event loop). */
  snapshot: SnapshotText;
  /** The engine's events of the ticks computed, in order; empty unless `keepEvents`. */
  events: EngineEvent[];
}

/**
 * A simulation base's state and what one run queues on it: the snapshot restored, the inputs
 * (its reseed first) queued for its next tick, as a fork of it stores them.
 */
export interface ForkStart {
  snapshot: SnapshotText;
  inputs: EngineInputDraft[];
}

/**
 * One run of an experiment: a fresh simulation of a scenario (its seed the run's), or a fork of a
 * simulation base, then `ticks` ticks (fewer when it completes), and only the metrics handed
 * back: nothing else crosses the thread.
 */
export interface MeasureTask {
  kind: 'measure';
  from: ScenarioStart | ForkStart;
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

/**
 * Build a simulation at tick 0 (create, and the state of tick 0). The scenario was checked on the
 * main thread (zod), so `invalid` is a backstop: the engine's own verdict, never a thrown error.
 */
export type CreateTask = {
  kind: 'create';
  engineVersion: string;
  /** Hand back the snapshot too (create stores it; the state of tick 0 does not need it). */
  keepSnapshot: boolean;
} & (
  | { scenario: ScenarioInput }
  /**
   * The scenario as JSON text, parsed on the worker: copying the text costs the event loop far
   * less than copying the object's graph (16 ms for ten thousand agents), and the text is
   * written anyway to store the scenario.
   */
  | { scenarioJson: string }
);

export type CreateResult =
  | { kind: 'created'; engineVersion: string; state: EngineState; tick: number; snapshot: SnapshotText | undefined }
  | { kind: 'invalid'; issues: ValidationIssue[] };

/**
 * Check and queue inputs for the next tick of a stored simulation (a decree, a policy change,
 * a fork's own inputs), in order, each checked against what the queue already holds. Stops at
 * the first that does not fit. `completed` says whether the engine had completed (a fork
 * refuses inputs there before looking at them).
 */
export interface QueueTask {
  kind: 'queue';
  /**
   * The simulation this task is of: a pool of several threads sends its tasks to the one that
   * kept its world (sticky-balancer.ts); the engine does not read it.
   */
  simulationId?: string;
  /** A stored snapshot's text, or a snapshot a replay just handed back. */
  snapshot: SnapshotText | EngineSnapshot;
  /** Ticks the head has run past a stored `snapshot` (see StoredStart); 0 or left out: none. */
  ahead?: number;
  drafts: EngineInputDraft[];
  /** Hand back the engine state too (a fork stores it; a queued input keeps the stored one). */
  keepState: boolean;
}

export type QueueResult =
  | { kind: 'refused'; completed: boolean; index: number; problem: InputProblem }
  | { kind: 'queued'; completed: boolean; pending: EngineInput[]; snapshot: SnapshotText; state: EngineState | undefined };

/**
 * Translate a domain input into a scenario through its adapter (the input validated, the
 * scenario built and checked with the engine's schema): work in proportion to the input, kept
 * off the event loop (docs/api.md, "Where it runs").
 */
export interface TranslateTask {
  kind: 'translate';
  domain: string;
  input: unknown;
}

export interface TranslateResult {
  kind: 'translated';
  translation: DomainTranslation;
}

export type EngineTask = AdvanceTask | ReplayTask | MeasureTask | CreateTask | QueueTask | TranslateTask;
export type EngineTaskResult = AdvanceResult | ReplayResult | MeasureResult | CreateResult | QueueResult | TranslateResult;
