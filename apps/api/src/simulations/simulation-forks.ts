import type { DecreeInput, DomainState, EngineInput, EngineInputDraft, EngineState, InputProblem, Policy } from '@sim/engine';
import { randomUUID } from 'node:crypto';
import type { EngineRunner } from '../engine-work/engine-runner.js';
import { replayHistory } from '../engine-work/replay-history.js';
import type { AuthContext } from '../identity/auth-context.js';
import type { UsageRecorder } from '../identity/usage-recorder.js';
import { conflict, notFound, validationError } from '../lib/api-error.js';
import type { Clock } from '../lib/clock.js';
import type { Checkpoint, NewInput, ReplayInput, SimulationRecord, SimulationStore, SnapshotText } from './simulation-store.js';
import type { WorkBudget, WorkRequest } from '../work-budget/work-budget.js';
import type { StorageBudget } from '../storage-budget/storage-budget.js';
import { compareRuns, DOMAIN_SERIES_POINTS, sampleTicks, type RunParadox, type RunProphecy } from './compare-runs.js';
import type { LifecycleStatus } from './lifecycle.js';
import { estimateReplay } from './simulation-service.js';
import { simulationView, type SimulationView } from './simulation-view.js';
import { assertSimulationAccess } from './tenancy.js';
import { rowBytes } from '../storage-budget/row-bytes.js';

export interface SimulationForksDeps {
  store: SimulationStore;
  engine: EngineRunner;
  work: WorkBudget;
  /** A fork stores no history of its own at first, but is refused once the organization's storage is full. */
  storage: StorageBudget;
  clock: Clock;
  usage: UsageRecorder;
}

/** What a fork request asks for; `atTick` undefined means the parent's current tick. */
export interface ForkRequest {
  atTick?: number | undefined;
  /** Reseeds the fork at atTick + 1, before its decrees (docs/api.md, "Forks"). */
  seed?: number | undefined;
  decrees?: readonly DecreeInput[] | undefined;
  policies?: ReadonlyArray<{ agentId: string; policy: Policy }> | undefined;
}

/** One simulation of a lineage: where the next one down branched off it, or where it branched off its parent. */
export interface LineageEntry {
  id: string;
  atTick: number;
  createdAt: string;
}

export interface LineageView {
  id: string;
  parent: { id: string; atTick: number } | null;
  /** Root first; each entry's `atTick` is the tick at which the next simulation down the line branched off it. */
  ancestors: LineageEntry[];
  /** Direct forks, oldest first; `atTick` is the tick each branched at. */
  forks: LineageEntry[];
}

/** One side of a comparison. */
export interface ComparedRun {
  id: string;
  tick: number;
  /** The first COMPARED_LIST_LIMIT of each, in order; the counts are of the whole range. */
  paradoxes: RunParadox[];
  paradoxCount: number;
  prophecies: RunProphecy[];
  prophecyCount: number;
}

export interface ComparisonView {
  /** Ticks 1…toTick: the ticks both simulations have computed (toTick 0: none yet). */
  range: { fromTick: number; toTick: number };
  firstDifferenceTick: number | null;
  attractors: Array<{ id: string; lossTick: { simulation: number | null; other: number | null } }>;
  simulation: ComparedRun;
  other: ComparedRun;
  stability: { sampled: boolean; ticks: number[]; simulation: number[]; other: number[] };
  /** Present when either run has a domain model: `state.domain` of both at the same sampled ticks. */
  domain?: { sampled: boolean; ticks: number[]; simulation: (DomainState | null)[]; other: (DomainState | null)[] };
}

/** A problem with one of the new inputs, at its place in the request body (`decrees.2.payload.x`). */
function inputProblemAt(prefix: string, problem: InputProblem, fallback: string): ReturnType<typeof validationError> {
  return validationError([{ path: `${prefix}.${problem.path ?? fallback}`, message: problem.message }]);
}

/**
 * Forks and lineage. A fork is a new simulation of the same organization whose history up to
 * `atTick` is its parent's, shared by reference (the store resolves reads below `atTick`
 * through the parent), followed by its own inputs at `atTick + 1`; its engine starts from the
 * parent's history replayed up to `atTick` on the engine runner. The parent's history up to
 * there never changes, so whatever later happens to the parent changes nothing for the fork
 * (docs/api.md, "Forks"; the comparison: docs/api.md, "Comparing runs").
 */
export class SimulationForks {
  constructor(private readonly deps: SimulationForksDeps) {}

  async fork(request: WorkRequest, parentId: string, ask: ForkRequest): Promise<SimulationView> {
    const parent = assertSimulationAccess(request.auth, await this.deps.store.get(parentId), parentId);
    if (parent.status === 'failed') throw conflict('SIMULATION_NOT_ACTIVE', 'A failed simulation cannot be forked');
    const history = await this.deps.store.getReplayInput(parentId);
    if (history === undefined) throw notFound(`Simulation ${parentId} not found`);
    const atTick = ask.atTick ?? history.tick;
    if (atTick > history.tick) throw validationError([{ path: 'atTick', message: `atTick ${atTick} is beyond the simulation's current tick ${history.tick}` }]);
    const inherited = history.inputs.filter((entry) => entry.tick <= atTick);
    const checkpoint = await this.deps.store.nearestCheckpoint(parentId, atTick);
    await this.deps.work.admit(request, estimateReplay(history.scenario, history.engineVersion, inherited, checkpoint?.tick ?? 0, atTick), { history: true });
    // Its history is shared; its own row is what it stores (docs/api.md, "Storage budget").
    const reservation = await this.deps.storage.admit(request.auth, parent.organizationId, rowBytes(history.scenario));
    try {
      const id = randomUUID();
      const createdAt = this.deps.clock.now().toISOString();
      const snapshot = await this.replayTo(history, inherited, atTick, request.signal, checkpoint);
      const queued = await this.queueInputs(snapshot, ask, atTick, createdAt, request.signal);
      const status: LifecycleStatus = queued.completed ? 'completed' : 'idle';
      // One transaction: a server killed during it leaves a whole fork or none. The fork's history
      // up to atTick is its parent's, shared, not copied: it stores only its own inputs.
      await this.deps.store.create(
        {
          id,
          organizationId: parent.organizationId,
          scenarioId: history.scenarioId,
          engineVersion: history.engineVersion,
          scenario: history.scenario,
          status,
          tick: atTick,
          state: queued.state,
          snapshot: queued.snapshot,
          createdAt,
          parent: { id: parentId, atTick },
        },
        { at: createdAt, inputs: queued.added, prophecies: [], events: [] },
      );
      this.deps.usage.recordSimulationCreated(parent.organizationId);
      const stored = await this.deps.store.get(id);
      if (stored === undefined) throw new Error(`fork ${id} vanished after it was stored`);
      return simulationView(stored);
    } finally {
      reservation.release();
    }
  }

  /**
   * The parent's engine at `atTick`: its history replayed from its nearest checkpoint at or
   * before it (weighed and charged by the caller), on the engine runner. Only the state is
   * kept: the events of those ticks are the parent's, which the fork shares.
   */
  private async replayTo(
    history: ReplayInput,
    inputs: ReplayInput['inputs'],
    atTick: number,
    signal: AbortSignal | undefined,
    checkpoint: Checkpoint | undefined,
  ): Promise<SnapshotText> {
    let snapshot: SnapshotText | undefined;
    const stretches = replayHistory(
      this.deps.engine,
      // No trace steps: only the state at atTick is needed.
      {
        scenario: history.scenario,
        engineVersion: history.engineVersion,
        inputs,
        untilTick: atTick,
        stepsFromTick: atTick + 1,
        format: 'object',
        start: checkpoint,
      },
      signal,
    );
    for await (const stretch of stretches) snapshot = stretch.snapshot;
    if (snapshot === undefined) throw new Error('the replay of the parent ended without a snapshot');
    return snapshot;
  }

  /**
   * Checks and queues the fork's own inputs on the replayed snapshot, each at atTick + 1: the
   * reseed first (so every draw of that tick is the new seed's), then the decrees, then the
   * policy changes, on the engine runner (restoring the world is O(agents)); the first that does
   * not fit is a 400 at its place. Gives the fork's snapshot and state with them queued.
   */
  private async queueInputs(
    snapshot: SnapshotText,
    ask: ForkRequest,
    atTick: number,
    createdAt: string,
    signal: AbortSignal | undefined,
  ): Promise<{ added: NewInput[]; completed: boolean; snapshot: SnapshotText; state: EngineState }> {
    const decrees = ask.decrees ?? [];
    const policies = ask.policies ?? [];
    const decreeIds = decrees.map(() => randomUUID());
    const reseed: EngineInputDraft[] = ask.seed === undefined ? [] : [{ kind: 'reseed', seed: ask.seed }];
    const drafts: EngineInputDraft[] = [
      ...reseed,
      ...decrees.map((decree, index): EngineInputDraft => ({ kind: 'decree', decree, ref: decreeIds[index] as string })),
      ...policies.map((change): EngineInputDraft => ({ kind: 'policy', agentId: change.agentId, policy: change.policy, ref: null })),
    ];
    const queued = await this.deps.engine.queue({ kind: 'queue', snapshot, drafts, keepState: true }, signal);
    if (queued.completed && drafts.length > 0) {
      throw conflict('SIMULATION_NOT_ACTIVE', `The simulation completed at tick ${atTick}: a fork there cannot be reseeded or take decrees or policy changes`);
    }
    if (queued.kind === 'refused') {
      // The seed was checked with the body: only a decree or a policy change can be refused.
      const index = queued.index - reseed.length;
      const { problem } = queued;
      if (index < decrees.length) throw inputProblemAt(`decrees.${index}`, problem, 'payload');
      throw inputProblemAt(`policies.${index - decrees.length}`, problem, problem.code === 'not-found' ? 'agentId' : 'policy');
    }
    // The engine's queue holds them as it normalized them (defaults filled in): store those.
    const added = queued.pending.map((input: EngineInput, at): NewInput => {
      const tick = atTick + 1;
      const index = at - reseed.length;
      if (input.kind !== 'decree' || index < 0 || index >= decreeIds.length) return { tick, input };
      return { tick, input, decree: { id: decreeIds[index] as string, type: input.decree.type, payload: input.decree.payload, createdAt } };
    });
    return { added, completed: queued.completed, snapshot: queued.snapshot, state: queued.state as EngineState };
  }

  /**
   * Both runs replayed over the ticks both have computed (on the engine runner, side by side)
   * and compared: the first tick whose steps differ, each attractor's loss in each, the
   * paradoxes and prophecies of each, and both stability series. Costs both replays.
   */
  async compare(request: WorkRequest, id: string, otherId: string): Promise<ComparisonView> {
    assertSimulationAccess(request.auth, await this.deps.store.get(id), id);
    assertSimulationAccess(request.auth, await this.deps.store.get(otherId), otherId);
    const [mine, theirs] = await Promise.all([this.deps.store.getReplayInput(id), this.deps.store.getReplayInput(otherId)]);
    if (mine === undefined) throw notFound(`Simulation ${id} not found`);
    if (theirs === undefined) throw notFound(`Simulation ${otherId} not found`);
    const range = Math.min(mine.tick, theirs.tick);
    const upTo = (history: ReplayInput) =>
      estimateReplay(
        history.scenario,
        history.engineVersion,
        history.inputs.filter((entry) => entry.tick <= range),
        0,
        range,
        // Every step's JSON text is built, to be hashed on the worker (compare-runs.ts).
        { steps: range, format: 'digests' },
      );
    const [a, b] = [upTo(mine), upTo(theirs)];
    await this.deps.work.admit(request, { ...a, cost: a.cost + b.cost, agents: Math.max(a.agents, b.agents) }, { history: true });
    const ticks = sampleTicks(range);
    // Only worlds with a domain model have a domain series to sample.
    const withDomain = mine.scenario.domain !== undefined || theirs.scenario.domain !== undefined;
    const domainTicks = withDomain ? sampleTicks(range, DOMAIN_SERIES_POINTS) : [];
    const { firstDifferenceTick, left, right } = await compareRuns(
      this.deps.engine,
      [
        { id, history: mine },
        { id: otherId, history: theirs },
      ],
      range,
      ticks,
      request.signal,
      domainTicks,
    );
    const attractorIds = [...new Set([...left.attractors, ...right.attractors])].sort();
    const run = (digest: typeof left, tick: number): ComparedRun => ({
      id: digest.id,
      tick,
      paradoxes: digest.paradoxes,
      paradoxCount: digest.paradoxCount,
      prophecies: digest.prophecies,
      prophecyCount: digest.prophecyCount,
    });
    return {
      range: { fromTick: range === 0 ? 0 : 1, toTick: range },
      firstDifferenceTick,
      attractors: attractorIds.map((attractor) => ({
        id: attractor,
        lossTick: { simulation: left.losses.get(attractor) ?? null, other: right.losses.get(attractor) ?? null },
      })),
      simulation: run(left, mine.tick),
      other: run(right, theirs.tick),
      stability: { sampled: ticks.length < range, ticks, simulation: left.stability, other: right.stability },
      ...(withDomain ? { domain: { sampled: domainTicks.length < range, ticks: domainTicks, simulation: left.domain, other: right.domain } } : {}),
    };
  }

  async lineage(auth: AuthContext, id: string): Promise<LineageView> {
    const simulation = assertSimulationAccess(auth, await this.deps.store.get(id), id);
    const ancestors: LineageEntry[] = [];
    let child: SimulationRecord = simulation;
    while (child.parent !== null) {
      const parent = await this.deps.store.get(child.parent.id);
      // Forks never cross organizations; the check keeps it so even if a row said otherwise.
      if (parent === undefined || parent.organizationId !== simulation.organizationId) break;
      ancestors.unshift({ id: parent.id, atTick: child.parent.atTick, createdAt: parent.createdAt });
      child = parent;
    }
    const forks = (await this.deps.store.listForks(id))
      .filter((fork) => fork.organizationId === simulation.organizationId)
      .map((fork) => ({ id: fork.id, atTick: fork.atTick, createdAt: fork.createdAt }));
    return { id, parent: simulation.parent === null ? null : { ...simulation.parent }, ancestors, forks };
  }
}
