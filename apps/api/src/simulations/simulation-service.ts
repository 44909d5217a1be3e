import {
  DEFAULT_ENGINE_VERSION,
  ScenarioSchema,
  toValidationIssues,
  type EngineInputDraft,
  type ScheduledInput,
  type ValidationIssue,
  type DecreeInput,
  type EngineInput,
  type InputProblem,
  type Policy,
  type ScenarioInput,
  type TraceStep,
} from '@sim/engine';
import { CompactTraceStep, type CompactStep } from '../engine-data/compact-step.js';
import { checkpointInterval } from '../engine-work/checkpoint-interval.js';
import { createInProcessRunner } from '../engine-work/in-process-runner.js';
import { EngineTaskCancelled, isEngineTaskCancelled, type EngineRunner } from '../engine-work/engine-runner.js';
import type { AdvanceResult, QueueResult } from '../engine-work/engine-task.js';
import { replayStretches } from '../engine-work/replay-stretches.js';
import { unlimitedWorkBudget, type WorkBudget, type WorkRequest } from '../work-budget/work-budget.js';
import { estimateWork, peakTickEstimate, playbackCostPerSecond, scenarioShape, snapshotShape, widenShape, worldSetupCost, type WorkEstimate, type WorkShape } from '../engine-data/work-cost.js';
import { estimateStoredBytes } from '../storage-budget/storage-cost.js';
import { unlimitedStorageBudget, type StorageBudget } from '../storage-budget/storage-budget.js';
import { PlaybackPayers } from '../work-budget/playback-payers.js';
import { SnapshotWeights, type SnapshotWeight } from '../engine-data/snapshot-weights.js';
import { scenarioWorkProblems } from '../work-budget/scenario-work-check.js';
import { randomUUID } from 'node:crypto';
import type { AuthContext } from '../identity/auth-context.js';
import { noopUsageRecorder, type UsageRecorder } from '../identity/usage-recorder.js';
import { ApiError, conflict, notFound, validationError } from '../lib/api-error.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { Page, SortOrder } from '../lib/pagination.js';
import type { DomainCatalog } from '../scenarios/domain-catalog.js';
import type { ScenarioCatalog } from '../scenarios/scenario-catalog.js';
import type {
  Checkpoint,
  DecreeRecord,
  NewEvent,
  NewInput,
  ProphecyRecord,
  RunnableSimulation,
  SimulationChanges,
  SimulationRecord,
  SimulationStore,
  SnapshotText,
  StoredEvent,
} from './simulation-store.js';
import { StaleSimulationError } from './simulation-store.js';
import type { HistoryHead, SimulationEventBus } from './event-bus.js';
import { createInProcessCoordination } from '../coordination/in-process-coordination.js';
import type { PlaybackLeases, SimulationLocks } from '../coordination/coordination.js';
import { isActive, type LifecycleStatus } from './lifecycle.js';
import { noopPlaybackController, type PlaybackController, type PlaybackControllerFactory, type PlaybackProgress, type PlaybackTarget } from './playback-controller.js';
import { resolveScenario, type ResolvedScenario, type ScenarioSource } from './scenario-source.js';
import { assertSimulationAccess, organizationFor, organizationsToList } from './tenancy.js';
import { TickCollector } from './tick-collector.js';
import { tracePage, type TracePage, type TraceWindow } from './trace-page.js';
import { engineVersionOf, simulationView, stateView, type SimulationState, type SimulationView } from './simulation-view.js';

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

export interface CreateSimulationInput {
  source: ScenarioSource;
  organizationId?: string | undefined;
  engineVersion?: string | undefined;
}

/** A simulation about to be stored: see SimulationService.begin. Nothing of it is built yet. */
interface NewSimulationDraft {
  organizationId: string;
  resolved: ResolvedScenario;
  /** The engine version it runs under, the default resolved. */
  engineVersion: string;
  /** Where the scenario sits in the request body ('scenario' inline, '' otherwise), for its errors. */
  pathPrefix: string;
  id: string;
  createdAt: string;
}

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
  /** Each step's JSON text, computed as it is read. */
  steps: AsyncGenerator<string, void, void>;
  /** Set when a page was asked for (docs/api.md, "Trace pages"). */
  page?: TracePage;
}

export type TimeControlAction = 'play' | 'pause' | 'step';

export interface DecreeView {
  id: string;
  simulationId: string;
  type: string;
  payload: Record<string, unknown>;
  tick: number;
  createdAt: string;
}

export interface ProphecyView {
  id: string;
  simulationId: string;
  tick: number;
  data: ProphecyRecord['data'];
  createdAt: string;
}

const decreeView = (d: DecreeRecord): DecreeView => ({ id: d.id, simulationId: d.simulationId, type: d.type, payload: d.payload, tick: d.tick, createdAt: d.createdAt });
const prophecyView = (p: ProphecyRecord): ProphecyView => ({ id: p.id, simulationId: p.simulationId, tick: p.tick, data: p.data, createdAt: p.createdAt });

/** Maps the engine's verdict on an input to the interface's errors. */
function inputProblemError(problem: InputProblem): ApiError {
  switch (problem.code) {
    case 'not-found':
      return notFound(problem.message);
    case 'completed':
      return conflict('SIMULATION_NOT_ACTIVE', 'The simulation is not active');
    default:
      return validationError([{ path: problem.path ?? 'payload', message: problem.message }]);
  }
}

/** The reason of the `simulation:status` event of a playback paused because its payer's compute window ran out. */
export const COMPUTE_LIMIT_REASON = 'compute-limit';

const statusEvent = (tick: number, status: LifecycleStatus, previous: LifecycleStatus, reason?: string): NewEvent => ({
  type: 'simulation:status',
  tick,
  data: reason === undefined ? { status, previous, tick } : { status, previous, tick, reason },
});

/**
 * The simulation use cases. Every mutation of one simulation runs through a per-simulation
 * queue: it reads the stored snapshot, resumes the engine, and writes the new snapshot with
 * the input log, decrees, prophecies and events in one transaction; events are published after
 * the commit.
 */
export class SimulationService implements PlaybackTarget {
  private readonly locks: SimulationLocks;
  private readonly playback: PlaybackController;
  /** Who pays for each simulation playing in this process (docs/api.md, "Playback and the work budget"). */
  private readonly payers = new PlaybackPayers();
  private readonly weights = new SnapshotWeights();
  /** How created simulations are counted (forks are counted the same way). */
  readonly usage: UsageRecorder;
  /** Where the engine computes (the live streams' history replays use it too). */
  readonly engine: EngineRunner;
  /** What each request's engine work is weighed against (forks and compares too). */
  readonly work: WorkBudget;
  /** What each request's stored history is weighed against (forks too). */
  readonly storage: StorageBudget;

  constructor(private readonly deps: SimulationServiceDeps) {
    this.locks = deps.locks ?? createInProcessCoordination().locks;
    this.playback = (deps.playback ?? noopPlaybackController)(this);
    this.usage = deps.usage ?? noopUsageRecorder;
    this.engine = deps.engine ?? createInProcessRunner();
    this.work = deps.work ?? unlimitedWorkBudget;
    this.storage = deps.storage ?? unlimitedStorageBudget;
  }

  private now(): string {
    return this.deps.clock.now().toISOString();
  }

  /**
   * What create and run share, and all they check before any engine work: the organization, the
   * resolved scenario, its engine version, and the new id and creation time. No world is built
   * here (docs/api.md, "Where it runs"): that is the engine's work, on a worker, once admitted.
   */
  private begin(auth: AuthContext, input: CreateSimulationInput): NewSimulationDraft {
    const organizationId = organizationFor(auth, input.organizationId);
    const resolved = resolveScenario(input.source, this.deps.scenarios, this.deps.domains);
    const pathPrefix = 'scenario' in input.source ? 'scenario' : '';
    // An inline scenario was parsed by the route with the engine's own schema, a catalogue's when
    // it was loaded; a domain adapter's translation is checked here for the first time, with the
    // schema Simulation.create checks (zod only: nothing is built).
    if ('domain' in input.source) {
      const parsed = ScenarioSchema.safeParse(resolved.scenario);
      if (!parsed.success) throw scenarioInvalid(toValidationIssues(parsed.error), pathPrefix);
    }
    const engineVersion = input.engineVersion ?? DEFAULT_ENGINE_VERSION;
    const tooCostly = scenarioWorkProblems(resolved.scenario, this.work.largestCeiling, pathPrefix, engineVersion);
    if (tooCostly.length > 0) throw validationError(tooCostly);
    return { organizationId, resolved, engineVersion, pathPrefix, id: randomUUID(), createdAt: this.now() };
  }

  /** Stores a new simulation as its engine stands, with what creating it produced; returns the stored events and its view. */
  private async insert(
    draft: NewSimulationDraft,
    status: LifecycleStatus,
    engine: Pick<AdvanceResult, 'state' | 'snapshot' | 'tick'>,
    produced: Pick<SimulationChanges, 'prophecies' | 'events' | 'checkpoints'>,
  ): Promise<{ stored: StoredEvent[]; view: SimulationView }> {
    const { organizationId, resolved, engineVersion, id, createdAt } = draft;
    const { state, snapshot, tick } = engine;
    const stored = await this.deps.store.create(
      { id, organizationId, scenarioId: resolved.scenarioId, engineVersion, scenario: resolved.scenario, status, tick, state, snapshot, createdAt },
      { at: createdAt, inputs: [], ...produced },
    );
    this.usage.recordSimulationCreated(organizationId);
    const view: SimulationView = { id, scenarioId: resolved.scenarioId, organizationId, engineVersion: engineVersionOf(engineVersion), state: stateView(state, status), createdAt, parent: null };
    return { stored, view };
  }

  async create(auth: AuthContext, input: CreateSimulationInput): Promise<SimulationView> {
    const draft = this.begin(auth, input);
    const built = await this.engine.create({ kind: 'create', scenario: draft.resolved.scenario, engineVersion: draft.engineVersion, keepSnapshot: true });
    if (built.kind === 'invalid') throw scenarioInvalid(built.issues, draft.pathPrefix);
    const { view } = await this.insert(draft, 'idle', { state: built.state, snapshot: built.snapshot as SnapshotText, tick: built.tick }, { prophecies: [], events: [] });
    return view;
  }

  /**
   * Creates a simulation, computes `ticks` ticks and stores the outcome; the trace is then
   * replayed as the response is read. Its cost is both passes: the ticks computed to store them
   * and the same ticks again for the response. A client gone before the first pass ends leaves
   * nothing stored.
   */
  async run(request: WorkRequest, input: CreateSimulationInput & { ticks: number }): Promise<{ simulation: SimulationView; trace: TraceStream }> {
    const draft = this.begin(request.auth, input);
    const { engineVersion, id, createdAt, resolved } = draft;
    // Weighed before anything is built: a refused run leaves no trace, not even a world.
    const shape = scenarioShape(resolved.scenario, engineVersion);
    const once = estimateWork(shape, 0, input.ticks);
    await this.work.admit(request, { ...once, cost: 2 * once.cost });
    await this.storage.admit(request.auth, draft.organizationId, this.estimateStored(shape, resolved.scenario.initialState.attractors?.length ?? 0, input.ticks));
    const collector = new TickCollector(id, createdAt);
    // The world is built on the worker that computes its ticks. No steps: the first pass builds
    // no trace steps; the response replays them lazily.
    const checkpointEvery = checkpointInterval(resolved.scenario.agents.length, this.deps.checkpointInterval);
    // Cancelled (the client left): nothing is stored; the app's error handler answers 503.
    const result = await this.engine.advance({ kind: 'advance', from: { scenario: resolved.scenario, engineVersion }, ticks: input.ticks, keepSteps: false, checkpointEvery }, request.signal);
    collector.take(result.events);
    const status: LifecycleStatus = result.completed ? 'completed' : 'idle';
    const events = result.completed ? [...collector.events, statusEvent(result.tick, 'completed', 'idle')] : collector.events;
    const { stored, view } = await this.insert(draft, status, result, { prophecies: collector.prophecies, events, checkpoints: result.checkpoints });
    this.publish(id, { tick: 0, lastSeq: 0 }, result.tick, stored, []);
    this.usage.recordTicks(draft.organizationId, result.tick);
    return { simulation: view, trace: this.traceOf(id, resolved.scenarioId, engineVersion, resolved.scenario, [], result.tick, request.signal) };
  }

  async get(auth: AuthContext, id: string): Promise<SimulationView> {
    return simulationView(assertSimulationAccess(auth, await this.deps.store.get(id), id));
  }

  async list(auth: AuthContext, query: { organizationId?: string | undefined; limit: number; offset: number }): Promise<Page<SimulationView>> {
    const organizationIds = organizationsToList(auth, query.organizationId);
    const page = await this.deps.store.list({ organizationIds, limit: query.limit, offset: query.offset });
    return { items: page.items.map(simulationView), total: page.total };
  }

  async step(request: WorkRequest, id: string, ticks: number): Promise<{ state: SimulationState; ticks: number }> {
    await this.authorize(request.auth, id);
    return this.mutate(id, async (current) => {
      await this.work.admit(request, this.estimateAdvance(current, ticks));
      await this.storage.admit(request.auth, current.organizationId, this.estimateStoredAdvance(current, ticks));
      const result = await this.advance(current, ticks, current.status, undefined, request.signal);
      return { state: result.state, ticks: result.ticks };
    });
  }

  async setAgentPolicy(auth: AuthContext, id: string, agentId: string, policy: Policy): Promise<void> {
    await this.authorize(auth, id);
    await this.mutate(id, async (current) => {
      const queued = await this.queueInput(current, { kind: 'policy', agentId, policy, ref: null });
      if (queued.kind === 'refused') throw queued.problem.code === 'not-found' ? notFound(`Agent ${agentId} not found`) : inputProblemError(queued.problem);
      return this.commitInput(current, queued, undefined);
    });
  }

  async submitDecree(auth: AuthContext, id: string, decree: DecreeInput): Promise<DecreeView> {
    await this.authorize(auth, id);
    return this.mutate(id, async (current) => {
      const decreeId = randomUUID();
      const queued = await this.queueInput(current, { kind: 'decree', decree, ref: decreeId });
      if (queued.kind === 'refused') throw inputProblemError(queued.problem);
      const createdAt = this.now();
      const input = queued.pending.at(-1) as Extract<EngineInput, { kind: 'decree' }>;
      await this.commitInput(current, queued, { id: decreeId, type: input.decree.type, payload: input.decree.payload, createdAt });
      return { id: decreeId, simulationId: id, type: input.decree.type, payload: input.decree.payload as Record<string, unknown>, tick: current.tick + 1, createdAt };
    });
  }

  async timeControl(request: WorkRequest, id: string, action: TimeControlAction, speed: number | undefined): Promise<void> {
    await this.authorize(request.auth, id);
    // A pause stops the clock before it waits for the simulation's lock: the advance in flight
    // is cancelled (its ticks are not stored; the next play computes them again, the same), so
    // the pause waits for no batch of ticks (docs/api.md, "Events", "Playback").
    if (action === 'pause') this.playback.pause(id);
    await this.mutate(id, async (current) => {
      const playbackSpeed = speed ?? current.playbackSpeed;
      if (action === 'step') {
        await this.work.admit(request, this.estimateAdvance(current, 1));
        await this.storage.admit(request.auth, current.organizationId, this.estimateStoredAdvance(current, 1));
        // Stepping takes the simulation out of playback, as a media player's frame step does.
        const next: LifecycleStatus = current.status === 'playing' ? 'paused' : current.status;
        if (current.status === 'playing') this.stopPlayback(id, 'pause');
        await this.advance(current, 1, next, playbackSpeed, request.signal);
        return;
      }
      if (action === 'pause') {
        await this.setStatus(current, 'paused', { playbackSpeed });
        this.stopPlayback(id, 'pause');
        return;
      }
      const ticksPerSecond = current.snapshot.rules.ticksPerSecond * playbackSpeed;
      const shape = snapshotShape(current.snapshot, current.snapshot.pending);
      const { identity, tier = 'free' } = request.auth;
      const costPerSecond = playbackCostPerSecond(shape, ticksPerSecond);
      // A play while playing re-times this simulation: its own old rate is not counted twice.
      this.work.admitPlayback(request, { costPerSecond, ticksPerSecond, peakTickCost: peakTickEstimate(shape), others: this.payers.othersOf(identity, id) });
      // Weighed for its first minute: playback is refused once the organization's storage is full.
      await this.storage.admit(request.auth, current.organizationId, this.estimateStored(shape, current.state.attractors.length, Math.ceil(ticksPerSecond * 60)));
      await this.setStatus(current, 'playing', { playbackSpeed });
      const payer = { identity, tier, costPerSecond };
      this.payers.set(id, payer);
      this.playback.play(id, { speed: playbackSpeed, ticksPerSecond: current.snapshot.rules.ticksPerSecond, payer });
    });
  }

  /** Stores a status (and playback speed) without advancing, with a status event when it changes, and publishes it. */
  private async setStatus(current: SimulationRecord, next: LifecycleStatus, options: { playbackSpeed?: number; reason?: string }): Promise<void> {
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
    this.publish(current.id, headOf(current), current.tick, stored, []);
  }

  async advancePlayback(simulationId: string, ticks: number, signal?: AbortSignal): Promise<PlaybackProgress> {
    return this.mutate(simulationId, async (current) => {
      // Paused while this advance waited for the lock: nothing is charged, nothing computed.
      if (signal?.aborted === true) throw new EngineTaskCancelled();
      const speed = current.playbackSpeed;
      if (current.status !== 'playing') {
        this.payers.delete(simulationId);
        this.weights.forget(simulationId);
        return { ticks: 0, status: current.status, ticksPerSecond: current.snapshot.rules.ticksPerSecond, speed };
      }
      // The ticks due are drawn from the payer's compute window before they are computed; when
      // it has not that much left, playback pauses and says why (the clock stops on `paused`).
      const payer = this.payers.get(simulationId);
      if (payer !== undefined && !(await this.work.chargePlayback(payer, this.estimateAdvance(current, ticks)))) {
        await this.setStatus(current, 'paused', { reason: COMPUTE_LIMIT_REASON });
        this.payers.delete(simulationId);
        this.weights.forget(simulationId);
        return { ticks: 0, status: 'paused', ticksPerSecond: current.snapshot.rules.ticksPerSecond, speed };
      }
      const result = await this.advance(current, ticks, 'playing', undefined, signal);
      // A set-rule decree may have changed the rate, another process the speed; the clock follows.
      return { ticks: result.ticks, status: result.state.status, ticksPerSecond: result.ticksPerSecond, speed };
    });
  }

  /** Server shutdown: a playing simulation becomes paused, saying why in its status event. */
  async haltPlayback(simulationId: string, reason: string): Promise<void> {
    await this.locks.run(simulationId, async () => {
      const current = await this.deps.store.get(simulationId);
      this.payers.delete(simulationId);
      this.weights.forget(simulationId);
      if (current?.status !== 'playing') return;
      await this.setStatus(current, 'paused', { reason });
    });
  }

  /**
   * At start: a simulation stored as `playing` lost its clock when the previous process died
   * without shutting down (SIGKILL, power loss). It resumes as paused, and a
   * `simulation:status` event with reason `restart` says so. Returns the ids it paused.
   */
  async recoverInterruptedPlayback(): Promise<string[]> {
    const ids = await this.deps.store.listIdsByStatus('playing');
    for (const id of ids) await this.haltPlayback(id, 'restart');
    return ids;
  }

  /**
   * Several processes on one database: a simulation still playing whose lease expired (its
   * process died) or was handed over (its process stopped) goes on playing here, paid by the
   * same identity. Another process may win the lease first; then its clock runs, not ours.
   */
  async adoptOrphanedPlayback(): Promise<string[]> {
    const orphans = (await this.deps.leases?.orphans()) ?? [];
    const adopted: string[] = [];
    for (const { simulationId, payer } of orphans) {
      await this.locks.run(simulationId, async () => {
        const current = await this.deps.store.getRunnable(simulationId);
        if (current?.status !== 'playing') return;
        if (payer !== undefined) this.payers.set(simulationId, payer);
        this.playback.play(simulationId, { speed: current.playbackSpeed, ticksPerSecond: current.snapshot.rules.ticksPerSecond, payer });
        adopted.push(simulationId);
      });
    }
    return adopted;
  }

  /**
   * Runs `task` while no change of the simulation is in flight, with the simulation as stored:
   * the SSE stream joins the live feed here, so what committed before is history and what
   * commits after reaches it live. Undefined when the simulation does not exist.
   */
  async whileQuiet<T>(simulationId: string, task: (simulation: SimulationRecord) => T): Promise<T | undefined> {
    return this.locks.run(simulationId, async () => {
      const current = await this.deps.store.get(simulationId);
      if (current === undefined) return undefined;
      // Changes committed by another process may still be on their way to this one's listeners.
      await this.deps.events.settled(simulationId, headOf(current));
      return task(current);
    });
  }

  async listDecrees(auth: AuthContext, id: string, window: { limit: number; offset: number; order: SortOrder }): Promise<Page<DecreeView>> {
    await this.authorize(auth, id);
    const page = await this.deps.store.listDecrees(id, window);
    return { items: page.items.map(decreeView), total: page.total };
  }

  async getDecree(auth: AuthContext, id: string, decreeId: string): Promise<DecreeView> {
    await this.authorize(auth, id);
    const decree = await this.deps.store.getDecree(id, decreeId);
    if (decree === undefined) throw notFound(`Decree ${decreeId} not found`);
    return decreeView(decree);
  }

  async listProphecies(auth: AuthContext, id: string, window: { limit: number; offset: number; order: SortOrder }): Promise<Page<ProphecyView>> {
    await this.authorize(auth, id);
    const page = await this.deps.store.listProphecies(id, window);
    return { items: page.items.map(prophecyView), total: page.total };
  }

  /**
   * A `run`'s trace again, from its simulation: ticks 1 to `untilTick` with the inputs logged
   * up to it, the same bytes the run answered (docs/api.md, "Idempotency"). Weighed like a
   * trace read of that range.
   */
  async runTrace(request: WorkRequest, id: string, untilTick: number): Promise<TraceStream> {
    await this.authorize(request.auth, id);
    const replay = await this.deps.store.getReplayInput(id);
    if (replay === undefined || replay.tick < untilTick) throw notFound(`Simulation ${id} no longer holds the ticks of this response`);
    const inputs = replay.inputs.filter((entry) => entry.tick <= untilTick);
    await this.work.admit(request, estimateReplay(replay.scenario, replay.engineVersion, inputs, 0, untilTick), { history: true });
    return this.traceOf(id, replay.scenarioId, replay.engineVersion, replay.scenario, inputs, untilTick, request.signal);
  }

  /**
   * The trace up to the current tick, or the page of it that `window` asks for; 404 before the
   * first tick. Replayed from the nearest checkpoint at or before the tick before the first step
   * wanted, and charged from there.
   */
  async trace(request: WorkRequest, id: string, window: TraceWindow = {}): Promise<TraceStream> {
    await this.authorize(request.auth, id);
    const replay = await this.deps.store.getReplayInput(id);
    if (replay === undefined) throw notFound(`Simulation ${id} not found`);
    if (replay.tick === 0) throw notFound('The trace is not available before the first tick');
    const page = tracePage(window, replay.tick);
    const fromTick = page?.fromTick ?? 1;
    const untilTick = page?.toTick ?? replay.tick;
    const start = await this.deps.store.nearestCheckpoint(id, fromTick - 1);
    await this.work.admit(request, estimateReplay(replay.scenario, replay.engineVersion, replay.inputs, start?.tick ?? 0, untilTick), { history: true });
    const trace = this.traceOf(id, replay.scenarioId, replay.engineVersion, replay.scenario, replay.inputs, replay.tick, request.signal, { fromTick, untilTick, start });
    return page === undefined ? trace : { ...trace, page };
  }

  /**
   * The engine state at `tick`, from 0 to the current tick: that tick's trace step state (tick 0:
   * the scenario's start). Replayed from the nearest checkpoint before it and charged from there.
   * A tick beyond the current one is 400 (it has not happened; docs/api.md, "States of the past").
   */
  async stateAt(request: WorkRequest, id: string, tick: number): Promise<{ simulationId: string; tick: number; state: TraceStep['state'] }> {
    await this.authorize(request.auth, id);
    const replay = await this.deps.store.getReplayInput(id);
    if (replay === undefined) throw notFound(`Simulation ${id} not found`);
    if (tick > replay.tick) throw validationError([{ path: 'tick', message: `tick ${tick} is beyond the current tick (${replay.tick})` }]);
    // Tick 0 is the scenario as created: built on a worker, as create builds it. Charged as
    // building a world costs (docs/api.md, "Engine work", "Cost model: agent-ticks").
    if (tick === 0) {
      const start = estimateWork(scenarioShape(replay.scenario, replay.engineVersion), 0, 0);
      await this.work.admit(request, { ...start, cost: worldSetupCost(start.agents) }, { history: true });
      const built = await this.engine.create({ kind: 'create', scenario: replay.scenario, engineVersion: replay.engineVersion, keepSnapshot: false }, request.signal);
      if (built.kind === 'invalid') throw new Error(`the stored scenario of simulation ${id} no longer builds`);
      return { simulationId: id, tick, state: built.state };
    }
    const start = await this.deps.store.nearestCheckpoint(id, tick - 1);
    // The ticks replayed, and restoring the world they start from.
    const replayed = estimateReplay(replay.scenario, replay.engineVersion, replay.inputs, start?.tick ?? 0, tick);
    await this.work.admit(request, { ...replayed, cost: replayed.cost + worldSetupCost(replayed.agents) }, { history: true });
    const source = { scenario: replay.scenario, engineVersion: replay.engineVersion, inputs: replay.inputs, untilTick: tick, stepsFromTick: tick, start };
    let found: TraceStep | null = null;
    for await (const step of replayStretches(this.engine, source, 'object', request.signal)) if (step !== null) found = step;
    if (found === null) throw notFound(`Tick ${tick} of simulation ${id} could not be replayed`);
    return { simulationId: id, tick, state: found.state };
  }

  /**
   * Weighs the replay a resumed event stream needs against the caller's work budget: from the
   * checkpoint before the first tick whose frame can follow `afterId` (a lower bound of it, so
   * never too cheap) to the current tick.
   */
  async admitReplay(request: WorkRequest, id: string, afterId: number): Promise<void> {
    const [record, replay] = await Promise.all([this.deps.store.get(id), this.deps.store.getReplayInput(id)]);
    if (record === undefined || replay === undefined || replay.tick === 0) return;
    const firstTick = Math.min(replay.tick, Math.max(1, afterId - record.lastEventSeq + 1));
    const start = await this.deps.store.nearestCheckpoint(id, firstTick - 1);
    await this.work.admit(request, estimateReplay(replay.scenario, replay.engineVersion, replay.inputs, start?.tick ?? 0, replay.tick), { history: true });
  }

  /** What weighing an advance needs of a stored simulation's snapshot: as the engine reported it, or parsed. */
  private weightOf(current: RunnableSimulation): SnapshotWeight {
    const known = this.weights.of(current.id, current.snapshotText.json);
    if (known !== undefined) return known;
    const { snapshot } = current;
    return { shape: snapshotShape(snapshot, snapshot.pending), agents: snapshot.agents.ids.length };
  }

  /** Ticks between the checkpoints of a simulation as it stands. */
  private checkpointEvery(current: RunnableSimulation): number {
    return checkpointInterval(this.weightOf(current).agents, this.deps.checkpointInterval);
  }

  /** The cost of computing `ticks` more ticks of a stored simulation, its queued inputs included. */
  private estimateAdvance(current: RunnableSimulation, ticks: number): WorkEstimate {
    return estimateWork(this.weightOf(current).shape, current.tick, ticks);
  }

  /** Bytes `ticks` ticks of a world of this shape will store: arithmetic, before anything runs (docs/api.md, "Storage budget"). */
  private estimateStored(shape: WorkShape, attractors: number, ticks: number): number {
    return estimateStoredBytes({ agents: shape.agents, attractors, prophecyInterval: shape.interval, checkpointEvery: this.deps.checkpointInterval }, ticks);
  }

  private estimateStoredAdvance(current: RunnableSimulation, ticks: number): number {
    return this.estimateStored(this.weightOf(current).shape, current.state.attractors.length, ticks);
  }

  /** Stored events after `afterSeq`, for SSE replay (Last-Event-ID). */
  async eventsAfter(auth: AuthContext, id: string, afterSeq: number, limit = 1000): Promise<StoredEvent[]> {
    await this.authorize(auth, id);
    return this.deps.store.listEvents(id, afterSeq, limit);
  }

  async close(): Promise<void> {
    await this.playback.close();
  }

  private traceOf(
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
      steps: stepsOnly(replayStretches(this.engine, { scenario, engineVersion, inputs, untilTick: range.untilTick, stepsFromTick: range.fromTick, start: range.start }, 'json', signal)),
    };
  }

  private async authorize(auth: AuthContext, id: string): Promise<void> {
    assertSimulationAccess(auth, await this.deps.store.get(id), id);
  }

  /** Serializes per simulation and re-reads inside the queue, so each change sees the last one. */
  private async mutate<T>(id: string, change: (current: RunnableSimulation) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.locks.run(id, async () => {
          const current = await this.deps.store.getRunnable(id);
          if (current === undefined) throw notFound(`Simulation ${id} not found`);
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
  private queueInput(current: RunnableSimulation, draft: EngineInputDraft): Promise<QueueResult> {
    return this.engine.queue({ kind: 'queue', snapshot: current.snapshotText, drafts: [draft], keepState: false });
  }

  /** Stores a queued input (with its decree row) and the snapshot holding it in its queue. */
  private async commitInput(current: RunnableSimulation, queued: Extract<QueueResult, { kind: 'queued' }>, decree: NewInput['decree']): Promise<void> {
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

  /**
   * Computes up to `ticks` ticks from the stored snapshot and commits them. `status` is the
   * lifecycle status to keep unless the engine completes (→ completed) or throws (→ failed).
   */
  private async advance(
    current: RunnableSimulation,
    ticks: number,
    status: LifecycleStatus,
    playbackSpeed?: number,
    signal?: AbortSignal,
  ): Promise<{ state: SimulationState; ticks: number; ticksPerSecond: number }> {
    const id = current.id;
    const at = this.now();
    const collector = new TickCollector(id, at);
    // Who follows the simulation cannot change before these ticks are published: streams join
    // under the simulation's lock, which this change holds.
    const keepSteps = this.deps.events.hasSubscribers(id);
    const agentsJson = keepSteps && (this.deps.wantsAgentsJson?.(id) ?? true);
    let result: AdvanceResult;
    try {
      result = await this.engine.advance({ kind: 'advance', from: { snapshot: current.snapshotText }, ticks, keepSteps, agentsJson, checkpointEvery: this.checkpointEvery(current) }, signal);
    } catch (error) {
      // Cancelled (the client left, the server stops): the step never happened; nothing is stored,
      // nothing failed (the app's error handler answers 503 WORK_CANCELLED).
      if (isEngineTaskCancelled(error)) throw error;
      await this.fail(current, error);
      throw new ApiError(500, 'INTERNAL_ERROR', 'The simulation failed and can no longer advance');
    }
    collector.take(result.events);
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
      snapshot: result.snapshot,
      ...(playbackSpeed === undefined ? {} : { playbackSpeed }),
      inputs: [],
      prophecies: collector.prophecies,
      events,
      checkpoints: result.checkpoints,
    });
    // Playback weighs its next advance with the weight of the snapshot just stored.
    if (next === 'playing') this.weights.remember(id, result.snapshot.json, result.weight);
    this.publish(id, headOf(current), result.tick, stored, result.steps);
    if (next === 'completed') this.stopPlayback(id, 'stop');
    this.usage.recordTicks(current.organizationId, result.advanced);
    return { state: stateView(result.state, next), ticks: result.advanced, ticksPerSecond: result.ticksPerSecond };
  }

  /** An engine error: the simulation is failed; its last good snapshot stays. */
  private async fail(current: RunnableSimulation, error: unknown): Promise<void> {
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
  private stopPlayback(id: string, how: 'pause' | 'stop'): void {
    this.payers.delete(id);
    this.weights.forget(id);
    if (how === 'pause') this.playback.pause(id);
    else this.playback.stop(id);
  }

  /** Publishes a committed change: the history from `before` to tick `tick`, with the events it stored. */
  private publish(id: string, before: HistoryHead, tick: number, stored: StoredEvent[], steps: readonly CompactStep[]): void {
    const lastSeq = stored.length === 0 ? before.lastSeq : (stored[stored.length - 1] as StoredEvent).seq;
    this.deps.events.publish({ simulationId: id, before, after: { tick, lastSeq }, events: stored, steps: steps.map((step) => new CompactTraceStep(step)) });
  }
}

function headOf(simulation: SimulationRecord): HistoryHead {
  return { tick: simulation.tick, lastSeq: simulation.lastEventSeq };
}

/**
 * The cost of replaying a simulation's history from `fromTick` (the checkpoint a replay starts
 * at; 0: the scenario) to `untilTick` (trace reads, stream resumption, past states).
 */
export function estimateReplay(scenario: ScenarioInput, engineVersion: string, inputs: readonly ScheduledInput[], fromTick: number, untilTick: number): WorkEstimate {
  return estimateWork(widenShape(scenarioShape(scenario, engineVersion), inputs), fromTick, Math.max(0, untilTick - fromTick));
}

/** The engine's verdict on a scenario, at the scenario's place in the request body. */
function scenarioInvalid(issues: readonly ValidationIssue[], pathPrefix: string): ApiError {
  return validationError(issues.map((i) => ({ path: [pathPrefix, i.path].filter((p) => p !== '').join('.'), message: i.message })));
}

/** The steps of a replay that were built: those before the first tick wanted come as null. */
async function* stepsOnly(steps: AsyncIterable<string | null>): AsyncGenerator<string, void, void> {
  for await (const step of steps) if (step !== null) yield step;
}
