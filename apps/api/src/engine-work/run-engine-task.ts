import {
  ScenarioError,
  Simulation,
  type EngineEvent,
  type EngineSnapshot,
  type EngineState,
  type RestoreOptions,
  type ScenarioInput,
  type ScheduledInput,
  type StepObserver,
  type TraceStep,
} from '@sim/engine';
import type { Checkpoint, SnapshotText } from '../engine-data/checkpoint.js';
import { decodeCheckpoint, encodeCheckpoint } from './checkpoint-codec.js';
import { compactStep } from '../engine-data/compact-step.js';
import { encodeEvent } from '../engine-data/encoded-event.js';
import { StepLinesWriter } from '../engine-data/step-lines.js';
import { stepDigest } from './step-digest.js';
import { snapshotShape } from '../engine-data/work-cost.js';
import type { SnapshotWeight } from '../engine-data/snapshot-weights.js';
import { measureRun } from '../engine-data/experiment-metrics.js';
import { translateWithAdapters } from './translate-domain.js';
import type { WarmWorlds } from './warm-worlds.js';
import type {
  AdvanceResult,
  AdvanceTask,
  CreateResult,
  CreateTask,
  EngineTask,
  EngineTaskResult,
  ForkStart,
  MeasureResult,
  MeasureTask,
  QueueResult,
  QueueTask,
  ReplayResult,
  ReplayTask,
  TranslateResult,
  TranslateTask,
} from './engine-task.js';

/** The outcome of an advance, once its ticks are computed (shared by the worker and the in-process runner). */
export function advanceResult(
  task: AdvanceTask,
  simulation: Simulation,
  advanced: number,
  gathered: AdvanceGathered,
  checkpoints: Checkpoint[],
  /** Whether the snapshot is handed back to store (see AdvanceTask's snapshotEvery). */
  storeSnapshot = true,
  /** The world's weight when it is known unchanged (see unchangedWeight): no snapshot is then taken for it. */
  knownWeight?: SnapshotWeight,
): AdvanceResult {
  const snapshot = storeSnapshot || knownWeight === undefined ? simulation.snapshot() : undefined;
  const weight = snapshot === undefined ? (knownWeight as SnapshotWeight) : weightOf(snapshot);
  weights.set(simulation, weight);
  return {
    kind: 'advanced',
    advanced,
    events: gathered.events.map(encodeEvent),
    steps: gathered.steps.map((step) => compactStep(step, task.agentsJson ?? true)),
    stepLines: gathered.lines.lines,
    snapshot: storeSnapshot && snapshot !== undefined ? { json: JSON.stringify(snapshot) } : null,
    weight,
    checkpoints,
    state: simulation.state(),
    states: gathered.states,
    tick: simulation.tick,
    completed: simulation.completed,
    ticksPerSecond: simulation.ticksPerSecond,
  };
}

function weightOf(snapshot: EngineSnapshot): SnapshotWeight {
  return { shape: snapshotShape(snapshot, snapshot.pending), agents: snapshot.agents.ids.length, ticksPerSecond: snapshot.rules.ticksPerSecond };
}

/** The weight of each world as its last advance reported it. */
const weights = new WeakMap<Simulation, SnapshotWeight>();

/**
 * The weight of a world about to advance, when the advance cannot change it: its queue is
 * empty, and only a queued input changes the rules, the agents or a domain's parameters (the
 * queue is filled only between advances). Undefined when unknown or when it may change.
 */
function unchangedWeight(simulation: Simulation): SnapshotWeight | undefined {
  return simulation.pendingInputs().length === 0 ? weights.get(simulation) : undefined;
}

/** A snapshot as the text it is stored as, written on the engine's thread (see SnapshotText). */
function snapshotText(simulation: Simulation): SnapshotText {
  return { json: JSON.stringify(simulation.snapshot()) };
}

/**
 * What an advance gathers as it computes: the engine's events, each step when asked (as an
 * object, as its NDJSON line), and the state after the ticks `statesAt` names.
 */
export interface AdvanceGathered {
  observer: StepObserver;
  events: EngineEvent[];
  steps: TraceStep[];
  lines: StepLinesWriter;
  states: EngineState[];
  /**
   * Called after each tick, `advanced` ticks into the advance: writes its step's line (once the
   * tick is whole, as a replay does) and takes the state when `statesAt` names that tick.
   */
  endTick(simulation: Simulation, advanced: number): void;
  /** Bytes of lines gathered so far. */
  output(): number;
}

/** The observer that gathers an advance's events, and its steps and states as `keepSteps`, `stepLines` and `statesAt` ask. */
export function advanceObserver(task: Pick<AdvanceTask, 'keepSteps' | 'stepLines' | 'statesAt'>): AdvanceGathered {
  const events: EngineEvent[] = [];
  const steps: TraceStep[] = [];
  const lines = new StepLinesWriter();
  const states: EngineState[] = [];
  const statesAt = task.statesAt ?? [];
  let last: TraceStep | null = null;
  const observer: StepObserver = { onEvent: (event) => events.push(event) };
  const asJson = task.stepLines === true;
  if (task.keepSteps || asJson)
    observer.onStep = (step) => {
      if (task.keepSteps) steps.push(step);
      if (asJson) last = step;
    };
  return {
    observer,
    events,
    steps,
    lines,
    states,
    endTick(simulation, advanced) {
      if (statesAt[states.length] === advanced) states.push(simulation.state());
      if (last === null) return;
      // Written as a replay writes each step (JSON.stringify of the engine's step, after its tick): the same bytes.
      lines.add(JSON.stringify(last));
      last = null;
    },
    output: () => lines.bytes,
  };
}

/**
 * Whether an advance should end before its last tick (see AdvanceTask's budgetMs and maxOutput),
 * asked after each tick; its time is counted from this call, made before the world is built.
 */
export function advanceBudget(task: Pick<AdvanceTask, 'budgetMs' | 'maxOutput'>, now: () => number): (gathered: AdvanceGathered) => boolean {
  const deadline = task.budgetMs === undefined ? undefined : now() + task.budgetMs;
  const maxOutput = task.maxOutput ?? Infinity;
  return (gathered) => gathered.output() >= maxOutput || (deadline !== undefined && now() >= deadline);
}

/** Appends the checkpoint of the tick just computed when it is due (every `every` ticks; 0: never). */
export function checkpointIfDue(simulation: Simulation, every: number, checkpoints: Checkpoint[]): void {
  if (every > 0 && simulation.tick % every === 0) checkpoints.push({ tick: simulation.tick, bytes: encodeCheckpoint(simulation) });
}

/**
 * Where an advance starts. A new simulation (`run`) is built and then resumed from its own
 * snapshot, as a stored one would be: a run computes from exactly what create stores, so it
 * is create followed by a step, byte for byte.
 */
export function startOfAdvance(from: AdvanceTask['from'], engine: RestoreOptions = {}): Simulation {
  if ('snapshot' in from) return restoreHead(JSON.parse(from.snapshot.json), from.ahead, engine);
  return Simulation.restore(Simulation.create(from.scenario, { engineVersion: from.engineVersion }).snapshot(), engine);
}

/**
 * A stored head: its snapshot restored, then the `ahead` ticks the head ran past it computed
 * again, observed by nobody (their events, prophecies and checkpoints are stored already). The
 * same world as the one that ran them, since the engine is deterministic and every input of
 * those ticks is in the snapshot's queue (queuing one stores a snapshot).
 */
function restoreHead(snapshot: unknown, ahead: number | undefined, engine: RestoreOptions): Simulation {
  const simulation = Simulation.restore(snapshot, engine);
  const ticks = ahead ?? 0;
  if (ticks > 0 && simulation.step(ticks) !== ticks) throw new Error(`the stored head is ${ticks} ticks past its snapshot, which completes before`);
  return simulation;
}

/**
 * The world at a stored head (the snapshot `json`, `ahead` ticks past it): the one this thread
 * kept there (`kept`), or else the snapshot restored and those ticks computed again.
 */
function worldAtHead(json: string, ahead: number, engine: RestoreOptions, warm: WarmWorlds | undefined): { simulation: Simulation; kept: boolean } {
  const taken = warm?.take(json, ahead);
  return taken === undefined ? { simulation: restoreHead(JSON.parse(json), ahead, engine), kept: false } : { simulation: taken, kept: true };
}

function advance(task: AdvanceTask, now: () => number, engine: RestoreOptions, warm: WarmWorlds | undefined): AdvanceResult {
  const spent = advanceBudget(task, now);
  const stored = 'snapshot' in task.from ? task.from : undefined;
  const ahead = stored?.ahead ?? 0;
  const { simulation, kept } =
    stored === undefined ? { simulation: startOfAdvance(task.from, engine), kept: false } : worldAtHead(stored.snapshot.json, ahead, engine, warm);
  const snapshotTick = simulation.tick - ahead;
  const knownWeight = unchangedWeight(simulation);
  const gathered = advanceObserver(task);
  const checkpoints: Checkpoint[] = [];
  let advanced = 0;
  // One tick at a time (the same ticks as one call: step(n) is n steps of one), so that the
  // snapshot of each tick due for a checkpoint can be taken.
  while (advanced < task.ticks && simulation.step(1, gathered.observer) === 1) {
    advanced++;
    gathered.endTick(simulation, advanced);
    checkpointIfDue(simulation, task.checkpointEvery, checkpoints);
    if (spent(gathered)) break;
  }
  // A new snapshot is stored when the world was not kept here (a new world, or one restored:
  // the next advance may run on another thread, which then restores it without computing ticks
  // again), when the head would run too far past the stored one (a restore computes at most
  // snapshotEvery ticks again), and at completion.
  const every = task.snapshotEvery ?? 0;
  const store = !kept || every <= 0 || simulation.tick - snapshotTick >= every || simulation.completed;
  const result = advanceResult(task, simulation, advanced, gathered, checkpoints, store, knownWeight);
  if (result.snapshot !== null) warm?.keep(result.snapshot.json, simulation);
  else if (stored !== undefined) warm?.keep(stored.snapshot.json, simulation, snapshotTick);
  return result;
}

/** Where a replay stretch starts: the scenario at tick 0, a stored checkpoint, or the last stretch's end. */
function startOf(from: ReplayTask['from'], engine: RestoreOptions): Simulation {
  if ('scenario' in from) return Simulation.create(from.scenario, { ...engine, engineVersion: from.engineVersion });
  return Simulation.restore('checkpoint' in from ? decodeCheckpoint(from.checkpoint) : JSON.parse(from.snapshot.json), engine);
}

/**
 * A stretch of replay. Inputs are queued exactly as the engine's own replay does (each just
 * before the tick it applied at), and a snapshot between two ticks holds no queued input, so
 * replaying in stretches gives the same ticks, byte for byte, as one uninterrupted replay.
 */
function replay(task: ReplayTask, now: () => number, engine: RestoreOptions): ReplayResult {
  const simulation = startOf(task.from, engine);
  const inputs = [...task.inputs].sort((a, b) => a.tick - b.tick).filter((input) => input.tick > simulation.tick);
  const deadline = now() + task.budgetMs;
  const steps: ReplayResult['steps'] = [];
  let step: TraceStep | null;
  const events: EngineEvent[] = [];
  const onEvent: StepObserver['onEvent'] = task.keepEvents === true ? (event) => events.push(event) : undefined;
  const capture: StepObserver = onEvent === undefined ? { onStep: (s) => (step = s) } : { onStep: (s) => (step = s), onEvent };
  const uncaptured: StepObserver = onEvent === undefined ? {} : { onEvent };
  let next = 0;
  let output = 0;
  const lines = new StepLinesWriter();
  do {
    if (simulation.tick >= task.untilTick || simulation.completed) break;
    const tick = simulation.tick + 1;
    while (next < inputs.length && (inputs[next] as ScheduledInput).tick <= tick) simulation.enqueue((inputs[next++] as ScheduledInput).input);
    step = null;
    simulation.step(1, tick >= task.stepsFromTick ? capture : uncaptured);
    const built = step as TraceStep | null;
    if (built === null) steps.push(null);
    else if (task.format === 'object') {
      steps.push(built);
      output += 1;
    } else if (task.format === 'digests') {
      // Bounded as lines are: by the bytes of the steps' text, made and dropped here.
      const text = JSON.stringify(built);
      steps.push(stepDigest(built, text));
      output += text.length + 1;
    } else {
      // Written as a streamed run writes each step's line: the same bytes.
      lines.add(JSON.stringify(built));
      steps.push(lines.lines.at(-1) as Uint8Array);
      output = lines.bytes;
    }
  } while (now() < deadline && output < task.maxOutput);
  return {
    kind: 'replayed',
    steps,
    tick: simulation.tick,
    ended: simulation.completed && simulation.tick < task.untilTick,
    snapshot: snapshotText(simulation),
    events,
  };
}

function create(task: CreateTask): CreateResult {
  let simulation: Simulation;
  try {
    const scenario = 'scenarioJson' in task ? (JSON.parse(task.scenarioJson) as ScenarioInput) : task.scenario;
    simulation = Simulation.create(scenario, { engineVersion: task.engineVersion });
  } catch (error) {
    // Plain data: an error's class does not cross to the main thread.
    if (error instanceof ScenarioError) return { kind: 'invalid', issues: error.issues };
    throw error;
  }
  return {
    kind: 'created',
    engineVersion: simulation.engineVersion,
    state: simulation.state(),
    tick: simulation.tick,
    snapshot: task.keepSnapshot ? snapshotText(simulation) : undefined,
  };
}

function queue(task: QueueTask, engine: RestoreOptions, warm: WarmWorlds | undefined): QueueResult {
  const stored = 'json' in task.snapshot ? task.snapshot : undefined;
  const ahead = task.ahead ?? 0;
  const simulation = stored === undefined ? restoreHead(task.snapshot, ahead, engine) : worldAtHead(stored.json, ahead, engine, warm).simulation;
  const { completed } = simulation;
  for (const [index, draft] of task.drafts.entries()) {
    const problem = simulation.check(draft);
    if (problem !== null) {
      // Nothing queued yet: the world is still the head it was kept as.
      if (index === 0 && stored !== undefined) warm?.keep(stored.json, simulation, simulation.tick - ahead);
      return { kind: 'refused', completed, index, problem };
    }
    simulation.enqueue(draft);
  }
  const snapshot = snapshotText(simulation);
  if (stored !== undefined) warm?.keep(snapshot.json, simulation);
  // The queue holds the inputs as the engine normalized them (defaults filled in): stored so.
  return {
    kind: 'queued',
    completed,
    pending: [...simulation.pendingInputs()],
    snapshot,
    state: task.keepState ? simulation.state() : undefined,
  };
}

/**
 * Runs one engine task to its end. Pure apart from reading the clock to bound a replay
 * stretch or a chunk of a run (which changes where it ends, never what is computed). The worker's whole
 * body; the in-process runner calls it too. `engine` carries the worker's branch runner, which
 * spreads a prophecy's branches over threads without changing what is computed
 * (docs/operations.md, "Prophecy threads").
 */
export function runEngineTask(
  task: EngineTask,
  now: () => number = () => performance.now(),
  engine: RestoreOptions = {},
  /** The worlds this thread keeps between advances (an engine worker's: docs/operations.md, "Warm worlds"); none by default. */
  warm?: WarmWorlds,
): EngineTaskResult {
  switch (task.kind) {
    case 'advance':
      return advance(task, now, engine, warm);
    case 'replay':
      return replay(task, now, engine);
    case 'create':
      return create(task);
    case 'queue':
      return queue(task, engine, warm);
    case 'measure':
      return measure(task, engine);
    case 'translate':
      return translateDomain(task);
  }
}

/** A domain input's translation (its adapter's verdict, as plain data: it crosses to the main thread). */
export function translateDomain(task: TranslateTask): TranslateResult {
  return { kind: 'translated', translation: translateWithAdapters(task.domain, task.input) };
}

/**
 * One experiment run, start to end: the same ticks as creating the simulation and stepping it,
 * or, for a simulation base, as forking it with these inputs and stepping the fork.
 */
export function measure(task: MeasureTask, engine: RestoreOptions = {}): MeasureResult {
  const simulation =
    'snapshot' in task.from ? forkOf(task.from, engine) : Simulation.create(task.from.scenario, { ...engine, engineVersion: task.from.engineVersion });
  const agents = simulation.agents().length;
  const metrics = measureRun(simulation, task.ticks, task.metrics);
  return { kind: 'measured', metrics, ticks: simulation.tick, agents };
}

/** The stored snapshot restored with the inputs queued, as a fork stores it and a step resumes it. */
function forkOf(from: ForkStart, engine: RestoreOptions): Simulation {
  const simulation = Simulation.restore(JSON.parse(from.snapshot.json), engine);
  for (const input of from.inputs) simulation.enqueue(input);
  return simulation;
}
