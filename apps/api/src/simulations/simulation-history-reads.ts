import { domainWorkPerTick, type ScheduledInput, type ScenarioInput, type TraceStep } from '@sim/engine';
import { stretchRestarts, type BuiltSteps } from '../engine-work/replay-history.js';
import { replayStretches } from '../engine-work/replay-stretches.js';
import { type WorkRequest } from '../work-budget/work-budget.js';
import { estimateWork, scenarioShape, widenShape, worldBuildEstimate, worldSetupCost, type WorkEstimate } from '../engine-data/work-cost.js';
import type { AuthContext } from '../identity/auth-context.js';
import { notFound, validationError } from '../lib/api-error.js';
import type { Page, SortOrder } from '../lib/pagination.js';
import type { DecreeRecord, ProphecyRecord, SimulationRecord, StoredEvent } from './simulation-store.js';
import { assertSimulationAccess, organizationsToList } from './tenancy.js';
import { tracePage, type TraceWindow } from './trace-page.js';
import { simulationView, type SimulationView } from './simulation-view.js';
import { headOf, SimulationCommits, type TraceStream } from './simulation-commits.js';

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

const decreeView = (d: DecreeRecord): DecreeView => ({
  id: d.id,
  simulationId: d.simulationId,
  type: d.type,
  payload: d.payload,
  tick: d.tick,
  createdAt: d.createdAt,
});

const prophecyView = (p: ProphecyRecord): ProphecyView => ({ id: p.id, simulationId: p.simulationId, tick: p.tick, data: p.data, createdAt: p.createdAt });

/**
 * The cost of replaying a simulation's history from `fromTick` (the checkpoint a replay starts
 * at; 0: the scenario) to `untilTick` (trace reads, stream resumption, past states, forks,
 * compares): its ticks, the world it starts from, built or restored, and, when it builds the
 * steps `built`, the world restored again by every stretch their output needs beyond the first
 * (docs/api.md, "Engine work", "Cost model: agent-ticks").
 */
export function estimateReplay(
  scenario: ScenarioInput,
  engineVersion: string,
  inputs: readonly ScheduledInput[],
  fromTick: number,
  untilTick: number,
  built?: BuiltSteps,
): WorkEstimate {
  const shape = widenShape(scenarioShape(scenario, engineVersion), inputs);
  const ticks = estimateWork(shape, fromTick, Math.max(0, untilTick - fromTick));
  // A step's JSON grows with the agents in it, not with the agents a domain model's step is worth.
  const heads = shape.agents - domainWorkPerTick(scenario.domain);
  return { ...ticks, cost: ticks.cost + (1 + stretchRestarts(heads, built)) * worldSetupCost(ticks.agents, shape.cells) };
}

/**
 * Reading simulations and their history: views and lists, decrees and prophecies, traces and
 * past states replayed (weighed against the caller's work budget), the events a resumed stream
 * replays, and joining the live feed while no change is in flight (whileQuiet).
 */
export class SimulationHistoryReads {
  constructor(private readonly commits: SimulationCommits) {}

  async get(auth: AuthContext, id: string): Promise<SimulationView> {
    return simulationView(assertSimulationAccess(auth, await this.commits.deps.store.get(id), id));
  }

  async list(auth: AuthContext, query: { organizationId?: string | undefined; limit: number; offset: number }): Promise<Page<SimulationView>> {
    const organizationIds = organizationsToList(auth, query.organizationId);
    const page = await this.commits.deps.store.list({ organizationIds, limit: query.limit, offset: query.offset });
    return { items: page.items.map(simulationView), total: page.total };
  }

  /**
   * Runs `task` while no change of the simulation is in flight, with the simulation as stored:
   * the SSE stream joins the live feed here, so what committed before is history and what
   * commits after reaches it live. Undefined when the simulation does not exist.
   */
  async whileQuiet<T>(simulationId: string, task: (simulation: SimulationRecord) => T): Promise<T | undefined> {
    return this.commits.locked(simulationId, async () => {
      const current = await this.commits.deps.store.get(simulationId);
      if (current === undefined) return undefined;
      // Changes committed by another process may still be on their way to this one's listeners.
      await this.commits.deps.events.settled(simulationId, headOf(current));
      return task(current);
    });
  }

  async listDecrees(auth: AuthContext, id: string, window: { limit: number; offset: number; order: SortOrder }): Promise<Page<DecreeView>> {
    await this.commits.authorize(auth, id);
    const page = await this.commits.deps.store.listDecrees(id, window);
    return { items: page.items.map(decreeView), total: page.total };
  }

  async getDecree(auth: AuthContext, id: string, decreeId: string): Promise<DecreeView> {
    await this.commits.authorize(auth, id);
    const decree = await this.commits.deps.store.getDecree(id, decreeId);
    if (decree === undefined) throw notFound(`Decree ${decreeId} not found`);
    return decreeView(decree);
  }

  async listProphecies(auth: AuthContext, id: string, window: { limit: number; offset: number; order: SortOrder }): Promise<Page<ProphecyView>> {
    await this.commits.authorize(auth, id);
    const page = await this.commits.deps.store.listProphecies(id, window);
    return { items: page.items.map(prophecyView), total: page.total };
  }

  /**
   * A `run`'s trace again, from its simulation: ticks 1 to `untilTick` with the inputs logged
   * up to it, the same bytes the run answered (docs/api.md, "Idempotency"). Weighed like a
   * trace read of that range.
   */
  async runTrace(request: WorkRequest, id: string, untilTick: number): Promise<TraceStream> {
    await this.commits.authorize(request.auth, id);
    const replay = await this.commits.deps.store.getReplayInput(id);
    if (replay === undefined || replay.tick < untilTick) throw notFound(`Simulation ${id} no longer holds the ticks of this response`);
    const inputs = replay.inputs.filter((entry) => entry.tick <= untilTick);
    await this.commits.work.admit(request, estimateReplay(replay.scenario, replay.engineVersion, inputs, 0, untilTick, { steps: untilTick, format: 'lines' }), {
      history: true,
    });
    return this.commits.traceOf(id, replay.scenarioId, replay.engineVersion, replay.scenario, inputs, untilTick, request.signal);
  }

  /**
   * The trace up to the current tick, or the page of it that `window` asks for; 404 before the
   * first tick. Replayed from the nearest checkpoint at or before the tick before the first step
   * wanted, and charged from there.
   */
  async trace(request: WorkRequest, id: string, window: TraceWindow = {}): Promise<TraceStream> {
    await this.commits.authorize(request.auth, id);
    const replay = await this.commits.deps.store.getReplayInput(id);
    if (replay === undefined) throw notFound(`Simulation ${id} not found`);
    if (replay.tick === 0) throw notFound('The trace is not available before the first tick');
    const page = tracePage(window, replay.tick);
    const fromTick = page?.fromTick ?? 1;
    const untilTick = page?.toTick ?? replay.tick;
    const start = await this.commits.deps.store.nearestCheckpoint(id, fromTick - 1);
    const built = { steps: untilTick - fromTick + 1, format: 'lines' } as const;
    await this.commits.work.admit(request, estimateReplay(replay.scenario, replay.engineVersion, replay.inputs, start?.tick ?? 0, untilTick, built), {
      history: true,
    });
    const trace = this.commits.traceOf(id, replay.scenarioId, replay.engineVersion, replay.scenario, replay.inputs, replay.tick, request.signal, {
      fromTick,
      untilTick,
      start,
    });
    return page === undefined ? trace : { ...trace, page };
  }

  /**
   * The engine state at `tick`, from 0 to the current tick: that tick's trace step state (tick 0:
   * the scenario's start). Replayed from the nearest checkpoint before it and charged from there.
   * A tick beyond the current one is 400 (it has not happened; docs/api.md, "States of the past").
   */
  async stateAt(request: WorkRequest, id: string, tick: number): Promise<{ simulationId: string; tick: number; state: TraceStep['state'] }> {
    await this.commits.authorize(request.auth, id);
    const replay = await this.commits.deps.store.getReplayInput(id);
    if (replay === undefined) throw notFound(`Simulation ${id} not found`);
    if (tick > replay.tick) throw validationError([{ path: 'tick', message: `tick ${tick} is beyond the current tick (${replay.tick})` }]);
    // Tick 0 is the scenario as created: built on a worker, as create builds it. Charged as
    // building a world costs (docs/api.md, "Engine work", "Cost model: agent-ticks").
    if (tick === 0) {
      await this.commits.work.admit(request, worldBuildEstimate(scenarioShape(replay.scenario, replay.engineVersion)), { history: true });
      const built = await this.commits.engine.create(
        { kind: 'create', scenario: replay.scenario, engineVersion: replay.engineVersion, keepSnapshot: false },
        request.signal,
      );
      if (built.kind === 'invalid') throw new Error(`the stored scenario of simulation ${id} no longer builds`);
      return { simulationId: id, tick, state: built.state };
    }
    const start = await this.commits.deps.store.nearestCheckpoint(id, tick - 1);
    // The ticks replayed, and restoring the world they start from.
    await this.commits.work.admit(request, estimateReplay(replay.scenario, replay.engineVersion, replay.inputs, start?.tick ?? 0, tick), { history: true });
    const source = { scenario: replay.scenario, engineVersion: replay.engineVersion, inputs: replay.inputs, untilTick: tick, stepsFromTick: tick, start };
    let found: TraceStep | null = null;
    for await (const step of replayStretches(this.commits.engine, source, 'object', request.signal)) if (step !== null) found = step;
    if (found === null) throw notFound(`Tick ${tick} of simulation ${id} could not be replayed`);
    return { simulationId: id, tick, state: found.state };
  }

  /**
   * Weighs the replay a resumed event stream needs against the caller's work budget: from the
   * checkpoint before the first tick whose frame can follow `afterId` (a lower bound of it, so
   * never too cheap) to the current tick.
   */
  async admitReplay(request: WorkRequest, id: string, afterId: number): Promise<void> {
    const [record, replay] = await Promise.all([this.commits.deps.store.get(id), this.commits.deps.store.getReplayInput(id)]);
    if (record === undefined || replay === undefined || replay.tick === 0) return;
    const firstTick = Math.min(replay.tick, Math.max(1, afterId - record.lastEventSeq + 1));
    const start = await this.commits.deps.store.nearestCheckpoint(id, firstTick - 1);
    const built = { steps: replay.tick - firstTick + 1, format: 'object' } as const;
    await this.commits.work.admit(request, estimateReplay(replay.scenario, replay.engineVersion, replay.inputs, start?.tick ?? 0, replay.tick, built), {
      history: true,
    });
  }

  /** Stored events after `afterSeq`, for SSE replay (Last-Event-ID). */
  async eventsAfter(auth: AuthContext, id: string, afterSeq: number, limit = 1000): Promise<StoredEvent[]> {
    await this.commits.authorize(auth, id);
    return this.commits.deps.store.listEvents(id, afterSeq, limit);
  }
}
