import { checkInput, type InputProblem } from './model/apply-input.js';
import { advanceTick, measureStability } from './model/advance-tick.js';
import type { EngineInput, EngineInputDraft, ScheduledInput } from './model/engine-input.js';
import type { BranchRunner } from './model/branch-run.js';
import { observeAgents, observeState } from './model/observe.js';
import { prophecyDue, prophesy } from './model/prophesy.js';
import { fromSnapshot, toSnapshot, type EngineSnapshot } from './model/snapshot.js';
import { createWorld, type World } from './model/world.js';
import { ScenarioError, SnapshotError, toValidationIssues, UnknownEngineVersionError, type ValidationIssue } from './scenario-error.js';
import { DecreeSchema, type DecreeInput } from './schemas/decree.js';
import type { AgentSnapshot, EngineEvent, EngineState, Loss, TraceStep, Warning } from './schemas/outputs.js';
import { PolicySchema, type Policy } from './schemas/policy.js';
import { resolveRules } from './schemas/rules.js';
import { ScenarioSchema, scenarioShape, type ScenarioInput } from './schemas/scenario.js';
import { EngineSnapshotSchema } from './schemas/snapshot.js';
import { DEFAULT_ENGINE_VERSION, versionFeatures } from './versions/registry.js';
import type { VersionFeatures } from './versions/version-features.js';
import { scenarioVersionIssues } from './versions/scenario-version-issues.js';

/**
 * Callbacks for `step`: each gets what happens as it happens, so nothing needs to be kept.
 *
 * @example
 * sim.step(100, { onEvent: (e) => log.push(e), onStep: (s) => console.log(s.tick, s.move) });
 */
export interface StepObserver {
  /** Called once per tick with the interface's TraceStep. Building it costs O(agents). */
  onStep?: (step: TraceStep) => void;
  /** Called for every event, in order, before the tick's `onStep`. */
  onEvent?: (event: EngineEvent) => void;
}

/**
 * Options of `Simulation.create` and `replay`.
 *
 * @example
 * Simulation.create(scenario, { engineVersion: '1.0.0' });
 */
export interface CreateOptions extends RestoreOptions {
  /** Pins an engine version; the newest when left out. */
  engineVersion?: string;
}

/**
 * Options of `Simulation.restore` (and, with `CreateOptions`, of `create` and `replay`).
 *
 * @example
 * Simulation.restore(snapshot, { branchRunner: myThreadedRunner });
 */
export interface RestoreOptions {
  /**
   * Runs the branches of every prophecy (engine 1.2.0 on): on other threads, say. Left out, they
   * run on the calling thread. What a step computes is byte for byte the same either way
   * (docs/engine.md, "Branches on several threads").
   */
  branchRunner?: BranchRunner;
  /**
   * For checking how a verdict holds (engine 1.3.0 on), not for running: each prophecy publishes
   * the forecast it always would, but its verdicts (and the attribution's ensembles) are judged on
   * branches drawn from the streams of `seed + verdictStreams`, as independent as another seed's.
   * Left out, a verdict is judged on the forecast's own branches.
   * See docs/engine.md, "Calibrated prophecies (1.3.0)".
   */
  verdictStreams?: number;
}

/**
 * One tick as the iterator yields it: the trace step and the events of that tick.
 *
 * @example
 * for (const { step, events } of sim.run(10)) console.log(step.tick, events.length);
 */
export interface TickRecord {
  step: TraceStep;
  events: EngineEvent[];
}

function parseInput(input: EngineInputDraft): EngineInput | { issues: ValidationIssue[] } {
  if (input.kind === 'reseed') {
    // Any seed a scenario may have: a reseed at tick 0 is the scenario with that seed.
    const parsed = scenarioShape.seed.safeParse(input.seed);
    return parsed.success ? { kind: 'reseed', seed: parsed.data } : { issues: toValidationIssues(parsed.error, ['seed']) };
  }
  if (input.kind === 'decree') {
    const parsed = DecreeSchema.safeParse(input.decree);
    return parsed.success ? { kind: 'decree', decree: parsed.data, ref: input.ref ?? null } : { issues: toValidationIssues(parsed.error) };
  }
  const parsed = PolicySchema.safeParse(input.policy);
  return parsed.success
    ? { kind: 'policy', agentId: input.agentId, policy: parsed.data, ref: input.ref ?? null }
    : { issues: toValidationIssues(parsed.error, ['policy']) };
}

function features(version: string): VersionFeatures {
  const found = versionFeatures(version);
  if (found === undefined) throw new UnknownEngineVersionError(version);
  return found;
}

/**
 * A running simulation. Pure and deterministic: the same scenario, engine version and inputs
 * give the same ticks, byte for byte, on every machine. It reads no clock and does no I/O.
 *
 * @example
 * import { Simulation } from '@sim/engine';
 * const sim = Simulation.create({
 *   seed: 7,
 *   agents: [{ id: 'a1', marker: { x: 2, y: 3 } }, { id: 'a2', marker: { x: 20, y: 9 }, policy: { lambda: 1.5 } }],
 *   initialState: { width: 32, height: 32, attractors: [{ id: 'well', x: 16, y: 16, depth: 3, radius: 3, capacity: 10 }] },
 * });
 * sim.step(100, { onEvent: (e) => console.log(e.type, e.data) });
 * console.log(sim.state().stability);
 */
export class Simulation {
  private constructor(
    private readonly world: World,
    private readonly branchRunner: BranchRunner | undefined,
    private readonly verdictStreams?: number,
  ) {}

  /** Validates a scenario and builds its simulation at tick 0. Throws `ScenarioError` listing every problem. */
  static create(scenario: ScenarioInput, options: CreateOptions = {}): Simulation {
    const version = features(options.engineVersion ?? DEFAULT_ENGINE_VERSION);
    const parsed = ScenarioSchema.safeParse(scenario);
    if (!parsed.success) throw new ScenarioError(toValidationIssues(parsed.error));
    const versionIssues = scenarioVersionIssues(parsed.data, version.version);
    if (versionIssues.length > 0) throw new ScenarioError(versionIssues);
    const rules = resolveRules(parsed.data.rules);
    const world = createWorld(parsed.data, version, rules);
    world.stability = measureStability(world, 0);
    world.belowThreshold = rules.warningThresholds.map((threshold) => world.stability < threshold);
    return new Simulation(world, options.branchRunner, options.verdictStreams);
  }

  /**
   * Resumes a simulation from `snapshot()`, exactly where it was. Stored JSON is not trusted:
   * anything that does not match the snapshot format throws `SnapshotError` listing every
   * problem, and an engine version this build does not serve throws `UnknownEngineVersionError`.
   */
  static restore(snapshot: unknown, options: RestoreOptions = {}): Simulation {
    const parsed = EngineSnapshotSchema.safeParse(snapshot);
    if (!parsed.success) throw new SnapshotError(toValidationIssues(parsed.error));
    const version = features(parsed.data.engineVersion);
    if (version.beliefPolicy && parsed.data.agents.belief === undefined) {
      throw new SnapshotError([{ path: 'agents.belief', message: `engine ${version.version} snapshots carry every agent's belief` }]);
    }
    if (parsed.data.domain !== undefined && !version.domainModels) {
      throw new SnapshotError([{ path: 'domain', message: `engine ${version.version} has no domain models` }]);
    }
    // The checked value itself is rebuilt (not zod's copy, whose keys follow the schema's order),
    // so that what the world reports keeps the order it was written in.
    return new Simulation(fromSnapshot(snapshot as EngineSnapshot, version), options.branchRunner, options.verdictStreams);
  }

  get engineVersion(): string {
    return this.world.features.version;
  }

  /** The last tick computed; 0 before the first step. */
  get tick(): number {
    return this.world.tick;
  }

  /** True once the simulation has reached `rules.maxTicks` or lost every basin. */
  get completed(): boolean {
    return this.world.completion !== null;
  }

  /** Playback rate of the current rules: ticks per second at speed 1. */
  get ticksPerSecond(): number {
    return this.world.rules.ticksPerSecond;
  }

  /** True when an agent with this id is alive now. */
  hasAgent(id: string): boolean {
    return this.world.agentIds.includes(id);
  }

  state(): EngineState {
    return observeState(this.world);
  }

  agents(): AgentSnapshot[] {
    return observeAgents(this.world);
  }

  /** The inputs queued for the next tick, in order. */
  pendingInputs(): readonly EngineInput[] {
    return this.world.pending;
  }

  /**
   * Null when the input would apply at the next tick as things stand (seeing what the queue
   * already adds or removes); otherwise why not.
   */
  check(input: EngineInputDraft): InputProblem | null {
    const parsed = parseInput(input);
    if ('issues' in parsed) return { code: 'invalid', message: parsed.issues.map((i) => `${i.path}: ${i.message}`).join('; ') };
    return checkInput(this.world, parsed, this.world.pending);
  }

  /**
   * Queues an input for the start of the next tick. Throws `ScenarioError` on a malformed
   * input; an input that no longer fits when its tick comes is reported by its `decree` or
   * `policy` event with `applied: false`.
   */
  enqueue(input: EngineInputDraft): void {
    const parsed = parseInput(input);
    if ('issues' in parsed) throw new ScenarioError(parsed.issues);
    this.world.pending.push(parsed);
  }

  /** Queues a decree for the next tick. */
  decree(decree: DecreeInput, ref?: string): void {
    this.enqueue({ kind: 'decree', decree, ref: ref ?? null });
  }

  /** Queues a change of an agent's policy for the next tick. */
  setPolicy(agentId: string, policy: Policy, ref?: string): void {
    this.enqueue({ kind: 'policy', agentId, policy, ref: ref ?? null });
  }

  /**
   * Advances up to `ticks` ticks, fewer when the simulation completes. Returns how many ticks
   * were computed. Records are only built when the observer asks for them. `ticks` is a whole
   * number from 0, or Infinity (until it completes); anything else throws a RangeError.
   */
  step(ticks = 1, observer: StepObserver = {}): number {
    checkTickCount(ticks);
    const { onStep, onEvent } = observer;
    // The last warning and the first loss of the tick being computed; reset as each tick starts.
    let warning: Warning | null;
    let loss: Loss | null;
    const sink = (event: EngineEvent): void => {
      if (event.type === 'warning') warning = event.data;
      if (event.type === 'loss' && loss === null) loss = event.data;
      onEvent?.(event);
    };
    let done = 0;
    while (done < ticks && this.world.completion === null) {
      warning = null;
      loss = null;
      advanceTick(this.world, sink);
      if (prophecyDue(this.world)) prophesy(this.world, sink, this.branchRunner, this.verdictStreams);
      done++;
      if (onStep) {
        onStep({
          tick: this.world.tick,
          move: this.world.lastMove,
          state: observeState(this.world),
          warning,
          loss,
          agents: observeAgents(this.world),
        });
      }
    }
    return done;
  }

  /** Iterates tick by tick, up to `ticks`, yielding each step with its events. */
  *run(ticks: number): Generator<TickRecord, number, void> {
    checkTickCount(ticks);
    let done = 0;
    while (done < ticks && !this.completed) {
      const events: EngineEvent[] = [];
      let step: TraceStep | null = null;
      this.step(1, { onEvent: (event) => events.push(event), onStep: (s) => (step = s) });
      done++;
      yield { step: step as unknown as TraceStep, events };
    }
    return done;
  }

  /** Everything needed to resume exactly, as plain JSON. */
  snapshot(): EngineSnapshot {
    return toSnapshot(this.world);
  }
}

/**
 * Steps `simulation` up to tick `ticks` (fewer if it completes), queueing each logged input just
 * before the tick it applied at, and pauses after every tick so a caller can pull one at a time.
 * `observerFor(t)` gives the observer of tick `t`, asked just before that tick is computed.
 */
/**
 * A count of ticks to run: a whole number from 0, or Infinity. A fraction ran one tick more than
 * asked (`step(1.5)` ran 2) and NaN or a negative count ran none, without a word.
 */
function checkTickCount(ticks: number): void {
  if (!(ticks >= 0 && (Number.isInteger(ticks) || ticks === Infinity))) {
    throw new RangeError(`ticks must be a whole number from 0 (or Infinity), not ${String(ticks)}`);
  }
}

function* stepThroughLog(
  simulation: Simulation,
  log: readonly ScheduledInput[],
  ticks: number,
  observerFor: (tick: number) => StepObserver,
): Generator<void, void, void> {
  checkTickCount(ticks);
  const byTick = [...log].sort((a, b) => a.tick - b.tick);
  let next = 0;
  while (simulation.tick < ticks && !simulation.completed) {
    while (next < byTick.length && (byTick[next] as ScheduledInput).tick <= simulation.tick + 1) {
      simulation.enqueue((byTick[next] as ScheduledInput).input);
      next++;
    }
    simulation.step(1, observerFor(simulation.tick + 1));
    yield;
  }
}

/**
 * Rebuilds a simulation from its input log: the scenario at tick 0, each input queued just
 * before the tick it applied at, `ticks` ticks in all. The same log always gives the same trace.
 *
 * @example
 * const log: ScheduledInput[] = [{ tick: 5, input: { kind: 'decree', decree: { type: 'remove-agent', payload: { id: 'a1' } } } }];
 * const sim = replay(scenario, log, 100, { onStep: (step) => trace.push(JSON.stringify(step)) });
 */
export function replay(scenario: ScenarioInput, log: readonly ScheduledInput[], ticks: number, options: CreateOptions & StepObserver = {}): Simulation {
  const simulation = Simulation.create(scenario, options);
  for (const _tick of stepThroughLog(simulation, log, ticks, () => options)) {
    // Each tick reaches the caller through the observer in `options`.
  }
  return simulation;
}

export interface ReplayTicksOptions extends CreateOptions {
  /**
   * Whether to build the trace step of tick `t` (building one costs O(agents)); asked as each
   * tick is pulled, so the answer may depend on what the caller has seen so far. Default: every tick.
   */
  wantStep?: (tick: number) => boolean;
}

/**
 * The replay pulled one tick at a time: yields each tick's trace step, or null for a tick whose
 * step was not wanted. Ends early if the simulation completes.
 *
 * @example
 * // Resume a stream after tick 500 without building the steps before it.
 * for (const step of replayTicks(scenario, log, 1000, { wantStep: (t) => t > 500 })) if (step) send(step);
 */
export function* replayTicks(
  scenario: ScenarioInput,
  log: readonly ScheduledInput[],
  ticks: number,
  options: ReplayTicksOptions = {},
): Generator<TraceStep | null, void, void> {
  const simulation = Simulation.create(scenario, options);
  const wanted = options.wantStep ?? (() => true);
  let step: TraceStep | null = null;
  const capture: StepObserver = { onStep: (s) => (step = s) };
  const observerFor = (tick: number): StepObserver => {
    step = null;
    return wanted(tick) ? capture : {};
  };
  for (const _tick of stepThroughLog(simulation, log, ticks, observerFor)) yield step;
}

/**
 * Every trace step of the replay, pulled one at a time: a caller streaming a long trace holds
 * one step in memory, not the whole trace.
 *
 * @example
 * for (const step of replaySteps(scenario, log, 10_000)) response.write(`${JSON.stringify(step)}\n`);
 */
export function* replaySteps(
  scenario: ScenarioInput,
  log: readonly ScheduledInput[],
  ticks: number,
  options: CreateOptions = {},
): Generator<TraceStep, void, void> {
  for (const step of replayTicks(scenario, log, ticks, options)) yield step as TraceStep;
}
