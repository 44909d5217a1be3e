import { type EngineInputDraft, type ScheduledInput, type EngineInput, type ScenarioInput, type EngineState } from '@sim/engine';
import { CompactTraceStep, type CompactStep } from '../engine-data/compact-step.js';
import { checkpointInterval } from '../engine-work/checkpoint-interval.js';
import { createInProcessRunner } from '../engine-work/in-process-runner.js';
import { isEngineTaskCancelled, type EngineRunner } from '../engine-work/engine-runner.js';
import type { AdvanceResult, QueueResult, StoredStart } from '../engine-work/engine-task.js';
import { replayStretches } from '../engine-work/replay-stretches.js';
import { unlimitedWorkBudget, type WorkBudget } from '../work-budget/work-budget.js';
import { estimateWork, snapshotShape, stepCost, type WorkEstimate, type WorkShape } from '../engine-data/work-cost.js';
import { estimateStoredBytes } from '../storage-budget/storage-cost.js';
import { unlimitedStorageBudget, type StorageBudget } from '../storage-budget/storage-budget.js';
import { PlaybackPayers } from '../work-budget/playback-payers.js';
import { SnapshotWeights, type SnapshotWeight } from '../engine-data/snapshot-weights.js';
import type { AuthContext } from '../identity/auth-context.js';
import { noopUsageRecorder, type UsageRecorder } from '../identity/usage-recorder.js';
import { ApiError, conflict, notFound } from '../lib/api-error.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { DomainCatalog } from '../scenarios/domain-catalog.js';
import type { ScenarioCatalog } from '../scenarios/scenario-catalog.js';
import type { Checkpoint, NewEvent, NewInput, RunnableSimulation, SimulationRecord, SimulationStore, StoredEvent } from './simulation-store.js';
import { StaleSimulationError } from './simulation-store.js';
import type { HistoryHead, SimulationEventBus } from './event-bus.js';
import { createInProcessCoordination } from '../coordination/in-process-coordination.js';
import type { PlaybackLeases, SimulationLocks } from '../coordination/coordination.js';
import { isActive, type LifecycleStatus } from './lifecycle.js';
import { noopPlaybackController, type PlaybackController, type PlaybackControllerFactory, type PlaybackTarget } from './playback-controller.js';
import { assertSimulationAccess } from './tenancy.js';
import { TickCollector } from './tick-collector.js';
import { type TracePage } from './trace-page.js';
import { stateView, type SimulationState } from './simulation-view.js';

export interface SimulationServiceDeps {
  store: SimulationStore;
  scenarios: ScenarioCatalog;
  domains: DomainCatalog;
  clock: Clock;
  events: SimulationEventBus;
  logger: Logger;
  playback?: PlaybackControllerFactory;
  usage?: UsageRecorder;
  /** Where the engine computes; default this thread, in slices (the server passes its worker pool). */
  engine?: EngineRunner;
  /** Ceilings and the compute window; default none. */
  work?: WorkBudget;
  /** Stored bytes per organization (docs/api.md, "Storage budget"); default none. */
  storage?: StorageBudget;
  /** Ticks between checkpoints (SIM_CHECKPOINT_INTERVAL); default picked from the world's size. */
  checkpointInterval?: number | undefined;
  /** Serializes each simulation's changes; default a queue in this process. */
  locks?: SimulationLocks;
  /** Where orphaned playback is found (several processes on one database); default none ever is. */
  leases?: Pick<PlaybackLeases, 'orphans'>;
  /**
   * Whether a live stream of the simulation takes its agents as JSON (LiveHub.wantsAgentsJson);
   * default yes. When none does, the engine hands each tick's agents over as columns only.
   */
  wantsAgentsJson?: (simulationId: string) => boolean;
}

/** Attempts of one change when another process committed first (a lock lost with its connection). */
const STALE_ATTEMPTS = 5;

export interface TraceMetadata {
  simulationId: string;
  scenarioId: string;
  engineVersion: string;
  seed: number;
  ticks: number;
}

/** A trace ready to stream: the steps are computed as they are read. */
export interface TraceStream {
  simulationId: string;
  engineVersion: string;
  metadata: TraceMetadata;
  initialState: ScenarioInput['initialState'];
  /** Each step's NDJSON line (its JSON text and a newline, UTF-8), computed as it is read. */
  steps: AsyncGenerator<Uint8Array, void, void>;
  /** Set when a page was asked for (docs/api.md, "Trace pages"). */
  page?: TracePage;
  /** Called once when the response's body ends, fails or is cancelled (a streamed run releases its storage reservation). */
  onClose?: () => void;
}

/** How long a chunk of a streamed run may compute, and how many bytes of lines it may hand back (AdvanceTask). */
export interface RunChunkLimits {
  budgetMs: number;
  maxOutput: number;
}

/** What an advance committed: the new state, the ticks it computed, and (for a run's chunk) their steps' lines. */
export interface AdvanceOutcome {
  state: SimulationState;
  ticks: number;
  ticksPerSecond: number;
  /** The tick reached. */
  tick: number;
  /** The simulation completed in these ticks. */
  completed: boolean;
  /** With `chunk`: each tick's trace step as its NDJSON line (AdvanceResult's stepLines). */
  stepLines: Uint8Array[];
  /** With `statesAt`: the engine state after each of those ticks that was reached. */
  states: EngineState[];
}

/** A stored simulation's head as an engine task names it: its snapshot and the ticks the head ran past it. */
function storedHead(current: RunnableSimulation): StoredStart {
  return { snapshot: current.snapshotText, ahead: current.tick - current.snapshotTick };
}

export const statusEvent = (tick: number, status: LifecycleStatus, previous: LifecycleStatus, reason?: string): NewEvent => ({
  type: 'simulation:status',
  tick,
  data: reason === undefined ? { status, previous, tick } : { status, previous, tick, reason },
});

/** The clock before one is attached: it runs nothing. */
const IDLE_CLOCK: PlaybackController = { play() {}, pause() {}, stop() {}, close: async () => {} };

/**
 * The one commit path every simulation use case shares (lifecycle, mutations, playback, history
 * reads). Every change of one simulation runs through a per-simulation lock (mutate): it reads
 * the stored snapshot, resumes the engine, and writes the new snapshot with the input log,
 * decrees, prophecies and events in one transaction (advance, commitInput, setStatus, fail);
 * events are published after the commit (publish). The work and storage a change costs are
 * weighed here too (estimateAdvance, estimateStored), with the snapshot's last known weight.
 */
export class SimulationCommits {
  readonly locks: SimulationLocks;
  /** The clock of playing simulations (see attachPlayback); none until then. */
  playback: PlaybackController = IDLE_CLOCK;
  /** Who pays for each simulation playing in this process (docs/api.md, "Playback and the work budget"). */
  readonly payers = new PlaybackPayers();
  readonly weights = new SnapshotWeights();
  /** How created simulations are counted (forks are counted the same way). */
  readonly usage: UsageRecorder;
  /** Where the engine computes (the live streams' history replays use it too). */
  readonly engine: EngineRunner;
  /** What each request's engine work is weighed against (forks and compares too). */
  readonly work: WorkBudget;
  /** What each request's stored history is weighed against (forks too). */
  readonly storage: StorageBudget;
  /** Changes of each simulation queued here, counted while any is queued or running (see queuedSequence). */
  readonly #queued = new Map<string, { sequence: number; live: number }>();

  constructor(readonly deps: SimulationServiceDeps) {
    this.locks = deps.locks ?? createInProcessCoordination().locks;
    this.usage = deps.usage ?? noopUsageRecorder;
    this.engine = deps.engine ?? createInProcessRunner();
    this.work = deps.work ?? unlimitedWorkBudget;
    this.storage = deps.storage ?? unlimitedStorageBudget;
  }

  /** Attaches the clock of playing simulations, built around the playback use case (its target). */
  attachPlayback(factory: PlaybackControllerFactory | undefined, target: PlaybackTarget): void {
    this.playback = (factory ?? noopPlaybackController)(target);
  }

  now(): string {
    return this.deps.clock.now().toISOString();
  }

  /** What weighing an advance needs of a stored simulation's snapshot: as the engine reported it, or parsed. */
  weightOf(current: RunnableSimulation): SnapshotWeight {
    const known = this.weights.of(current.id, current.version);
    if (known !== undefined) return known;
    const { snapshot } = current;
    return { shape: snapshotShape(snapshot, snapshot.pending), agents: snapshot.agents.ids.length, ticksPerSecond: snapshot.rules.ticksPerSecond };
  }

  /** Ticks between the checkpoints of a simulation as it stands. */
  checkpointEvery(current: RunnableSimulation): number {
    return checkpointInterval(this.weightOf(current).agents, this.deps.checkpointInterval);
  }

  /** The cost of computing `ticks` more ticks of a stored simulation, its queued inputs included. */
  estimateAdvance(current: RunnableSimulation, ticks: number): WorkEstimate {
    return estimateWork(this.weightOf(current).shape, current.tick, ticks);
  }

  /** A step's charge of `ticks` ticks: the advance and its world resumed and written back (stepCost). */
  estimateStep(current: RunnableSimulation, ticks: number): WorkEstimate {
    return stepCost(this.estimateAdvance(current, ticks), this.weightOf(current).shape.cells);
  }

  /** Bytes `ticks` ticks of a world of this shape will store: arithmetic, before anything runs (docs/api.md, "Storage budget"). */
  estimateStored(shape: WorkShape, attractors: number, ticks: number): number {
    return estimateStoredBytes({ agents: shape.agents, attractors, prophecyInterval: shape.interval, checkpointEvery: this.deps.checkpointInterval }, ticks);
  }

  estimateStoredAdvance(current: RunnableSimulation, ticks: number): number {
    return this.estimateStored(this.weightOf(current).shape, current.state.attractors.length, ticks);
  }

  async authorize(auth: AuthContext, id: string): Promise<void> {
    assertSimulationAccess(auth, await this.deps.store.get(id), id);
  }

  /**
   * Runs `task` under the simulation's lock, after every change queued before it (in this process),
   * and counts it in queuedSequence.
   */
  async locked<T>(id: string, task: () => Promise<T>): Promise<T> {
    const entry = this.#queued.get(id) ?? { sequence: 0, live: 0 };
    entry.sequence++;
    entry.live++;
    this.#queued.set(id, entry);
    try {
      return await this.locks.run(id, task);
    } finally {
      if (--entry.live === 0 && this.#queued.get(id) === entry) this.#queued.delete(id);
    }
  }

  /** Grows with every change of the simulation queued here (locked): equal twice, nothing was queued in between. */
  queuedSequence(id: string): number {
    return this.#queued.get(id)?.sequence ?? 0;
  }

  /** Serializes per simulation and re-reads inside the queue, so each change sees the last one. */
  async mutate<T>(id: string, change: (current: RunnableSimulation) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.locked(id, async () => {
          const current = await this.reread(id);
          if (!isActive(current.status)) throw conflict('SIMULATION_NOT_ACTIVE', `The simulation is ${current.status}`);
          return change(current);
        });
      } catch (error) {
        // Another process committed first (its lock was lost with its connection): nothing of
        // this attempt was stored, so it starts again from what is stored now.
        if (!(error instanceof StaleSimulationError) || attempt >= STALE_ATTEMPTS) throw error;
      }
    }
  }

  /** Checks and queues one input on the stored snapshot, on the engine runner (restoring the world is O(agents)). */
  queueInput(current: RunnableSimulation, draft: EngineInputDraft): Promise<QueueResult> {
    return this.engine.queue({ kind: 'queue', simulationId: current.id, ...storedHead(current), drafts: [draft], keepState: false });
  }

  /** Stores a queued input (with its decree row) and the snapshot holding it in its queue. */
  async commitInput(current: RunnableSimulation, queued: Extract<QueueResult, { kind: 'queued' }>, decree: NewInput['decree']): Promise<void> {
    const input = queued.pending.at(-1) as EngineInput;
    const at = this.now();
    await this.deps.store.update({
      simulationId: current.id,
      expectedVersion: current.version,
      at,
      status: current.status,
      tick: current.tick,
      state: current.state,
      snapshot: queued.snapshot,
      inputs: [{ tick: current.tick + 1, input, ...(decree === undefined ? {} : { decree }) }],
      prophecies: [],
      events: [],
    });
  }

  /** Stores a status (and playback speed) without advancing, with a status event when it changes, and publishes it. */
  async setStatus(current: SimulationRecord, next: LifecycleStatus, options: { playbackSpeed?: number; reason?: string }): Promise<void> {
    const stored = await this.deps.store.update({
      simulationId: current.id,
      expectedVersion: current.version,
      at: this.now(),
      status: next,
      tick: current.tick,
      state: current.state,
      ...(options.playbackSpeed === undefined ? {} : { playbackSpeed: options.playbackSpeed }),
      inputs: [],
      prophecies: [],
      events: next === current.status ? [] : [statusEvent(current.tick, next, current.status, options.reason)],
    });
    // The snapshot is unchanged: its weight holds for the version this update made.
    const weight = this.weights.of(current.id, current.version);
    if (weight !== undefined) this.weights.remember(current.id, current.version + 1, weight);
    this.publish(current.id, headOf(current), current.tick, stored, []);
  }

  /** A simulation as stored now: read within its lock (mutate), and again after this process changed it there. */
  async reread(id: string): Promise<RunnableSimulation> {
    const current = await this.deps.store.getRunnable(id);
    if (current === undefined) throw notFound(`Simulation ${id} not found`);
    return current;
  }

  /**
   * Computes up to `ticks` ticks from the stored snapshot and commits them. `status` is the
   * lifecycle status to keep unless the engine completes (→ completed) or throws (→ failed).
   * `chunk`: a chunk of a streamed run, which may end early (AdvanceTask's budgetMs and
   * maxOutput) and hands back its steps' lines.
   */
  async advance(
    current: RunnableSimulation,
    ticks: number,
    status: LifecycleStatus,
    playbackSpeed?: number,
    signal?: AbortSignal,
    chunk?: RunChunkLimits,
    statesAt?: readonly number[],
  ): Promise<AdvanceOutcome> {
    const id = current.id;
    const at = this.now();
    const collector = new TickCollector(id, at);
    // Who follows the simulation cannot change before these ticks are published: streams join
    // under the simulation's lock, which this change holds.
    const keepSteps = this.deps.events.hasSubscribers(id);
    const agentsJson = keepSteps && (this.deps.wantsAgentsJson?.(id) ?? true);
    const checkpointEvery = this.checkpointEvery(current);
    let result: AdvanceResult;
    try {
      result = await this.engine.advance(
        {
          kind: 'advance',
          simulationId: id,
          from: storedHead(current),
          ticks,
          // The head may run a checkpoint interval past its stored snapshot: what a history read
          // may replay from a checkpoint is what a restore of the head may compute again.
          snapshotEvery: checkpointEvery,
          keepSteps,
          agentsJson,
          checkpointEvery,
          ...(chunk === undefined ? {} : { stepLines: true, budgetMs: chunk.budgetMs, maxOutput: chunk.maxOutput }),
          ...(statesAt === undefined ? {} : { statesAt }),
        },
        signal,
      );
    } catch (error) {
      // Cancelled (the client left, the server stops): the step never happened; nothing is stored,
      // nothing failed (the app's error handler answers 503 WORK_CANCELLED).
      if (isEngineTaskCancelled(error)) throw error;
      await this.fail(current, error);
      throw new ApiError(500, 'INTERNAL_ERROR', 'The simulation failed and can no longer advance');
    }
    await collector.take(result.events);
    const next: LifecycleStatus = result.completed ? 'completed' : status;
    const events = [...collector.events];
    if (next !== current.status) events.push(statusEvent(result.tick, next, current.status));
    const stored = await this.deps.store.update({
      simulationId: id,
      expectedVersion: current.version,
      at,
      status: next,
      tick: result.tick,
      state: result.state,
      ...(result.snapshot === null ? {} : { snapshot: result.snapshot }),
      ...(playbackSpeed === undefined ? {} : { playbackSpeed }),
      inputs: [],
      prophecies: collector.prophecies,
      events,
      checkpoints: result.checkpoints,
    });
    // The next step or playback advance is weighed with the weight of the snapshot just stored
    // (the update made it version + 1), not by parsing it back.
    this.weights.remember(id, current.version + 1, result.weight);
    this.publish(id, headOf(current), result.tick, stored, result.steps);
    if (next === 'completed') this.stopPlayback(id, 'stop');
    this.usage.recordTicks(current.organizationId, result.advanced);
    return {
      state: stateView(result.state, next),
      ticks: result.advanced,
      ticksPerSecond: result.ticksPerSecond,
      tick: result.tick,
      completed: next === 'completed',
      stepLines: result.stepLines,
      states: result.states,
    };
  }

  /** An engine error: the simulation is failed; its last good snapshot stays. */
  async fail(current: RunnableSimulation, error: unknown): Promise<void> {
    this.deps.logger.error('simulation failed', { simulationId: current.id, error: String((error as Error)?.stack ?? error) });
    const stored = await this.deps.store.update({
      simulationId: current.id,
      expectedVersion: current.version,
      at: this.now(),
      status: 'failed',
      tick: current.tick,
      state: current.state,
      inputs: [],
      prophecies: [],
      events: [
        { type: 'error', tick: current.tick, data: { tick: current.tick, message: 'The engine failed while computing the next tick' } },
        statusEvent(current.tick, 'failed', current.status),
      ],
    });
    this.publish(current.id, headOf(current), current.tick, stored, []);
    this.stopPlayback(current.id, 'stop');
  }

  /** Stops a simulation's clock (`pause`: for now; `stop`: for good) and its payer's charge. */
  stopPlayback(id: string, how: 'pause' | 'stop'): void {
    this.payers.delete(id);
    this.weights.forget(id);
    if (how === 'pause') this.playback.pause(id);
    else this.playback.stop(id);
  }

  /** Publishes a committed change: the history from `before` to tick `tick`, with the events it stored. */
  publish(id: string, before: HistoryHead, tick: number, stored: StoredEvent[], steps: readonly CompactStep[]): void {
    const lastSeq = stored.length === 0 ? before.lastSeq : (stored[stored.length - 1] as StoredEvent).seq;
    this.deps.events.publish({ simulationId: id, before, after: { tick, lastSeq }, events: stored, steps: steps.map((step) => new CompactTraceStep(step)) });
  }

  traceOf(
    id: string,
    scenarioId: string,
    engineVersion: string,
    scenario: ScenarioInput,
    inputs: readonly ScheduledInput[],
    ticks: number,
    signal: AbortSignal | undefined,
    range: { fromTick: number; untilTick: number; start: Checkpoint | undefined } = { fromTick: 1, untilTick: ticks, start: undefined },
  ): TraceStream {
    return {
      simulationId: id,
      engineVersion,
      metadata: { simulationId: id, scenarioId, engineVersion, seed: scenario.seed, ticks },
      initialState: scenario.initialState,
      steps: stepsOnly(
        replayStretches(
          this.engine,
          { scenario, engineVersion, inputs, untilTick: range.untilTick, stepsFromTick: range.fromTick, start: range.start },
          'lines',
          signal,
        ),
      ),
    };
  }
}

export function headOf(simulation: SimulationRecord): HistoryHead {
  return { tick: simulation.tick, lastSeq: simulation.lastEventSeq };
}

/** The steps of a replay that were built: those before the first tick wanted come as null. */
async function* stepsOnly(steps: AsyncIterable<Uint8Array | null>): AsyncGenerator<Uint8Array, void, void> {
  for await (const step of steps) if (step !== null) yield step;
}
