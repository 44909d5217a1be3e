import { DEFAULT_ENGINE_VERSION, scenarioVersionIssues, type ValidationIssue } from '@sim/engine';
import { checkpointInterval } from '../engine-work/checkpoint-interval.js';
import type { AdvanceResult } from '../engine-work/engine-task.js';
import { type WorkRequest } from '../work-budget/work-budget.js';
import { estimateWork, runCost, scenarioShape, translationCost, worldBuildEstimate, worldSetupCost } from '../engine-data/work-cost.js';
import { stretchRestarts } from '../engine-work/replay-history.js';
import { scenarioWorkProblems } from '../work-budget/scenario-work-check.js';
import { randomUUID } from 'node:crypto';
import type { AuthContext } from '../identity/auth-context.js';
import { ApiError, validationError } from '../lib/api-error.js';
import type { SimulationChanges, SnapshotText, StoredEvent } from './simulation-store.js';
import { type LifecycleStatus } from './lifecycle.js';
import { resolveScenario, type ResolvedScenario, type ScenarioSource } from './scenario-source.js';
import { organizationFor } from './tenancy.js';
import { TickCollector } from './tick-collector.js';
import { engineVersionOf, stateView, type SimulationView } from './simulation-view.js';
import { SimulationCommits, statusEvent, type TraceStream } from './simulation-commits.js';
import { chunkLimits, runChunks, type RunLines } from './run-chunks.js';
import { RunProgress } from './run-progress.js';
import type { StorageReservation } from '../storage-budget/storage-budget.js';
import { rowBytes } from '../storage-budget/row-bytes.js';
import { scenarioJson } from '../engine-data/scenario-json.js';

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

/** The engine's verdict on a scenario, at the scenario's place in the request body. */
function scenarioInvalid(issues: readonly ValidationIssue[], pathPrefix: string): ApiError {
  return validationError(issues.map((i) => ({ path: [pathPrefix, i.path].filter((p) => p !== '').join('.'), message: i.message })));
}

/**
 * Creating simulations: `create` builds a world and stores it; `run` creates one, computes its
 * ticks and stores the outcome, answering its trace as it is read; `runStreamed` creates one
 * with a first chunk of ticks and computes the rest chunk by chunk as its trace is read. All
 * check everything before any engine work (begin) and store the new simulation through one insert.
 */
export class SimulationLifecycle {
  constructor(private readonly commits: SimulationCommits) {}

  /**
   * What create and run share, and all they check before any engine work: the organization, the
   * resolved scenario, its engine version, and the new id and creation time. No world is built
   * here (docs/api.md, "Where it runs"): that is the engine's work, on a worker, once admitted.
   */
  private async begin(auth: AuthContext, input: CreateSimulationInput, signal?: AbortSignal): Promise<NewSimulationDraft> {
    const organizationId = organizationFor(auth, input.organizationId);
    // A domain input is translated on an engine worker (docs/api.md, "Where it runs").
    const resolved = await resolveScenario(input.source, this.commits.deps.scenarios, this.commits.deps.domains, signal);
    const pathPrefix = 'scenario' in input.source ? 'scenario' : '';
    // An inline scenario was parsed by the route with the engine's own schema, a catalogue's when
    // it was loaded, and a domain adapter's translation where it was made, with the schema
    // Simulation.create checks (zod only: nothing is built).
    const engineVersion = input.engineVersion ?? DEFAULT_ENGINE_VERSION;
    // A domain model at an engine that has none: a run would meet it on the worker, mid-request.
    const notAtVersion = scenarioVersionIssues(resolved.scenario, engineVersion);
    if (notAtVersion.length > 0) throw scenarioInvalid(notAtVersion, pathPrefix);
    const tooCostly = scenarioWorkProblems(resolved.scenario, this.commits.work.largestCeiling, pathPrefix, engineVersion);
    if (tooCostly.length > 0) throw validationError(tooCostly);
    return { organizationId, resolved, engineVersion, pathPrefix, id: randomUUID(), createdAt: this.commits.now() };
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
    // A new world is never kept on a worker yet, so its advance always hands back its snapshot.
    if (snapshot === null) throw new Error(`simulation ${id}: a new simulation's advance handed back no snapshot`);
    const stored = await this.commits.deps.store.create(
      { id, organizationId, scenarioId: resolved.scenarioId, engineVersion, scenario: resolved.scenario, status, tick, state, snapshot, createdAt },
      { at: createdAt, inputs: [], ...produced },
    );
    this.commits.usage.recordSimulationCreated(organizationId);
    const view: SimulationView = {
      id,
      scenarioId: resolved.scenarioId,
      organizationId,
      engineVersion: engineVersionOf(engineVersion),
      state: stateView(state, status),
      createdAt,
      parent: null,
    };
    return { stored, view };
  }

  async create(request: WorkRequest, input: CreateSimulationInput): Promise<SimulationView> {
    const draft = await this.begin(request.auth, input, request.signal);
    // Building the world is engine work like any other, and so is a domain input's translation
    // (docs/api.md, "Engine work", "Cost model: agent-ticks").
    const build = worldBuildEstimate(scenarioShape(draft.resolved.scenario, draft.engineVersion));
    const translation = 'domain' in input.source ? translationCost(draft.resolved.scenario.agents.length) : 0;
    await this.commits.work.admit(request, { ...build, cost: build.cost + translation });
    // Its row is stored bytes too (docs/api.md, "Storage budget").
    const reservation = await this.commits.storage.admit(request.auth, draft.organizationId, rowBytes(draft.resolved.scenario));
    try {
      const built = await this.commits.engine.create({
        kind: 'create',
        scenarioJson: scenarioJson(draft.resolved.scenario),
        engineVersion: draft.engineVersion,
        keepSnapshot: true,
      });
      if (built.kind === 'invalid') throw scenarioInvalid(built.issues, draft.pathPrefix);
      const { view } = await this.insert(
        draft,
        'idle',
        { state: built.state, snapshot: built.snapshot as SnapshotText, tick: built.tick },
        { prophecies: [], events: [] },
      );
      return view;
    } finally {
      reservation.release();
    }
  }

  /**
   * What run and a streamed run check and reserve before any engine work: the draft (begin),
   * the work of the whole run, and the bytes it will store, reserved until its rows are committed
   * (or it stores nothing): docs/api.md, "Engine work", "Storage budget".
   */
  private async admitRun(
    request: WorkRequest,
    input: CreateSimulationInput & { ticks: number },
  ): Promise<{ draft: NewSimulationDraft; reservation: StorageReservation }> {
    const draft = await this.begin(request.auth, input, request.signal);
    const { engineVersion, resolved } = draft;
    // Weighed before anything is built: a refused run leaves no trace, not even a world.
    const shape = scenarioShape(resolved.scenario, engineVersion);
    // Both passes, each building its world, and the response's stretches after the first, each
    // restoring it again (a streamed run's chunks restore it likewise, fewer times):
    // docs/api.md, "Engine work", "Cost model: agent-ticks".
    const passes = runCost(estimateWork(shape, 0, input.ticks), shape.cells);
    const restarts = stretchRestarts(resolved.scenario.agents.length, { steps: input.ticks, format: 'lines' }) * worldSetupCost(passes.agents, shape.cells);
    // A domain's input was translated on a worker to get here: that is charged too.
    const translation = 'domain' in input.source ? translationCost(resolved.scenario.agents.length) : 0;
    await this.commits.work.admit(request, { ...passes, cost: passes.cost + restarts + translation });
    // Reserved until its rows are committed (or it stores nothing): docs/api.md, "Storage budget".
    const reservation = await this.commits.storage.admit(
      request.auth,
      draft.organizationId,
      this.commits.estimateStored(shape, resolved.scenario.initialState.attractors?.length ?? 0, input.ticks) + rowBytes(resolved.scenario),
    );
    return { draft, reservation };
  }

  /**
   * Creates a simulation, computes `ticks` ticks and stores the outcome; the trace is then
   * replayed as the response is read. Its cost is both passes: the ticks computed to store them
   * and the same ticks again for the response. A client gone before the first pass ends leaves
   * nothing stored. The JSON representation of `run`; NDJSON streams (runStreamed).
   */
  async run(request: WorkRequest, input: CreateSimulationInput & { ticks: number }): Promise<{ simulation: SimulationView; trace: TraceStream }> {
    const { draft, reservation } = await this.admitRun(request, input);
    const { engineVersion, id, createdAt, resolved } = draft;
    const collector = new TickCollector(id, createdAt);
    // The world is built on the worker that computes its ticks. No steps: the first pass builds
    // no trace steps; the response replays them lazily.
    const checkpointEvery = checkpointInterval(resolved.scenario.agents.length, this.commits.deps.checkpointInterval);
    let result: AdvanceResult;
    let inserted: { stored: StoredEvent[]; view: SimulationView };
    try {
      // Cancelled (the client left): nothing is stored; the app's error handler answers 503.
      result = await this.commits.engine.advance(
        { kind: 'advance', simulationId: id, from: { scenario: resolved.scenario, engineVersion }, ticks: input.ticks, keepSteps: false, checkpointEvery },
        request.signal,
      );
      inserted = await this.insertRun(draft, collector, result);
    } finally {
      reservation.release();
    }
    const { stored, view } = inserted;
    this.commits.publish(id, { tick: 0, lastSeq: 0 }, result.tick, stored, []);
    this.commits.usage.recordTicks(draft.organizationId, result.tick);
    return { simulation: view, trace: this.commits.traceOf(id, resolved.scenarioId, engineVersion, resolved.scenario, [], result.tick, request.signal) };
  }

  /**
   * `run` as a stream (docs/api.md, "Run as a stream"): the simulation is created with a first
   * chunk of ticks, computed for about FIRST_CHUNK_MS, and answered at once; the trace's steps
   * are each chunk's, computed and committed chunk after chunk as the body is read (runChunks).
   * Admitted for the whole run up front, like `run`. Before the first chunk is stored it fails
   * as `run` does (nothing stored); after it, `progress` tells how the run ended.
   */
  async runStreamed(
    request: WorkRequest,
    input: CreateSimulationInput & { ticks: number },
  ): Promise<{ simulation: SimulationView; run: RunLines; progress: RunProgress }> {
    const { draft, reservation } = await this.admitRun(request, input);
    const { engineVersion, id, createdAt, resolved } = draft;
    const checkpointEvery = checkpointInterval(resolved.scenario.agents.length, this.commits.deps.checkpointInterval);
    let first: AdvanceResult;
    let inserted: { stored: StoredEvent[]; view: SimulationView };
    try {
      first = await this.commits.engine.advance(
        {
          kind: 'advance',
          simulationId: id,
          from: { scenario: resolved.scenario, engineVersion },
          ticks: input.ticks,
          keepSteps: false,
          checkpointEvery,
          stepLines: true,
          ...chunkLimits(0),
        },
        request.signal,
      );
      inserted = await this.insertRun(draft, new TickCollector(id, createdAt), first);
    } catch (error) {
      reservation.release();
      throw error;
    }
    const { stored, view } = inserted;
    this.commits.publish(id, { tick: 0, lastSeq: 0 }, first.tick, stored, []);
    this.commits.usage.recordTicks(draft.organizationId, first.tick);
    const progress = new RunProgress(first.tick);
    const release = (): void => reservation.release();
    const lines = runChunks(
      this.commits,
      { simulationId: id, target: input.ticks, progress, signal: request.signal, onEnd: release },
      { stepLines: first.stepLines, completed: first.completed },
    );
    // A body cancelled before its first read never starts runChunks (whose end releases it too).
    const run: RunLines = { simulationId: id, lines, onClose: release };
    return { simulation: view, run, progress };
  }

  /** Stores a run's new simulation with its first (or only) advance: completed when the engine completed, else idle. */
  private async insertRun(
    draft: NewSimulationDraft,
    collector: TickCollector,
    result: AdvanceResult,
  ): Promise<{ stored: StoredEvent[]; view: SimulationView }> {
    await collector.take(result.events);
    const status: LifecycleStatus = result.completed ? 'completed' : 'idle';
    const events = result.completed ? [...collector.events, statusEvent(result.tick, 'completed', 'idle')] : collector.events;
    return this.insert(draft, status, result, { prophecies: collector.prophecies, events, checkpoints: result.checkpoints });
  }
}
