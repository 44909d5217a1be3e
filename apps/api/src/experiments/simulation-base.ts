import type { EngineSnapshot, ScheduledInput } from '@sim/engine';
import type { EngineRunner } from '../engine-work/engine-runner.js';
import { replayHistory } from '../engine-work/replay-history.js';
import type { AuthContext } from '../identity/auth-context.js';
import { conflict, notFound, validationError, type ValidationProblem } from '../lib/api-error.js';
import type { Checkpoint, ReplayInput, SimulationStore, SnapshotText } from '../simulations/simulation-store.js';
import { estimateReplay } from '../simulations/simulation-service.js';
import { assertSimulationAccess } from '../simulations/tenancy.js';
import { scenarioShape, widenShape, type WorkEstimate } from '../engine-data/work-cost.js';
import type { SimulationBaseFacts } from './experiment-plan.js';

/** `base` of an experiment that forks a simulation. */
export interface SimulationBaseRequest {
  simulation: string;
  atTick: number;
}

/** A simulation base found and checked, not yet replayed: what its replay to atTick needs and costs. */
export interface LocatedSimulationBase {
  facts: SimulationBaseFacts;
  /** The experiment belongs to the simulation's organization, as a fork does. */
  organizationId: string;
  /** The replay from its nearest checkpoint at or before atTick up to atTick. */
  replayCost: WorkEstimate;
  history: ReplayInput;
  inherited: ScheduledInput[];
  checkpoint: Checkpoint | undefined;
}

/**
 * Finds a simulation base and replays its history to atTick (docs/api.md, "Experiments",
 * "Bases"): the checks and the replay a fork at atTick does, without creating the fork.
 */
export class SimulationBaseSource {
  constructor(private readonly deps: { store: SimulationStore; engine: EngineRunner }) {}

  /**
   * The answers a fork of it would get: unknown 404, another organization's 401, failed 409; an
   * atTick beyond its tick 400 at `base.atTick`. Its engine version is the runs' (another one
   * asked is 400 at `engineVersion`), and an `organizationId` asked must be its organization's.
   */
  async locate(
    auth: AuthContext,
    base: SimulationBaseRequest,
    asked: { engineVersion?: string | undefined; organizationId?: string | undefined },
  ): Promise<LocatedSimulationBase> {
    const simulation = assertSimulationAccess(auth, await this.deps.store.get(base.simulation), base.simulation);
    if (simulation.status === 'failed') throw conflict('SIMULATION_NOT_ACTIVE', 'A failed simulation cannot be the base of an experiment');
    const history = await this.deps.store.getReplayInput(base.simulation);
    if (history === undefined) throw notFound(`Simulation ${base.simulation} not found`);
    const problems: ValidationProblem[] = [];
    if (base.atTick > history.tick)
      problems.push({ path: 'base.atTick', message: `atTick ${base.atTick} is beyond the simulation's current tick ${history.tick}` });
    if (asked.engineVersion !== undefined && asked.engineVersion !== history.engineVersion) {
      problems.push({
        path: 'engineVersion',
        message: `the simulation runs engine ${history.engineVersion}; its forks run it too (leave engineVersion out, or give ${history.engineVersion})`,
      });
    }
    if (asked.organizationId !== undefined && asked.organizationId !== simulation.organizationId) {
      problems.push({ path: 'organizationId', message: 'an experiment on a simulation belongs to the simulation’s organization' });
    }
    if (problems.length > 0) throw validationError(problems);
    const inherited = history.inputs.filter((entry) => entry.tick <= base.atTick);
    const checkpoint = await this.deps.store.nearestCheckpoint(base.simulation, base.atTick);
    return {
      facts: {
        simulationId: base.simulation,
        atTick: base.atTick,
        scenarioId: history.scenarioId,
        engineVersion: history.engineVersion,
        shape: widenShape(scenarioShape(history.scenario, history.engineVersion), inherited),
      },
      organizationId: simulation.organizationId,
      replayCost: estimateReplay(history.scenario, history.engineVersion, inherited, checkpoint?.tick ?? 0, base.atTick),
      history,
      inherited,
      checkpoint,
    };
  }

  /**
   * Its state at atTick, replayed from the nearest checkpoint on the engine runner: the snapshot
   * (whose ids the plan reads) and its text as the engine's thread writes it (queued with no
   * inputs: the text a fork there without changes stores), so the event loop never serializes it.
   */
  async stateAt(located: LocatedSimulationBase, signal: AbortSignal | undefined): Promise<{ snapshot: EngineSnapshot; json: string }> {
    const { history, inherited, checkpoint, facts } = located;
    let snapshot: SnapshotText | undefined;
    const stretches = replayHistory(
      this.deps.engine,
      {
        scenario: history.scenario,
        engineVersion: history.engineVersion,
        inputs: inherited,
        untilTick: facts.atTick,
        stepsFromTick: facts.atTick + 1,
        format: 'object',
        start: checkpoint,
      },
      signal,
    );
    for await (const stretch of stretches) snapshot = stretch.snapshot;
    if (snapshot === undefined) throw new Error('the replay of the base simulation ended without a snapshot');
    const queued = await this.deps.engine.queue({ kind: 'queue', snapshot, drafts: [], keepState: false }, signal);
    if (queued.kind === 'refused') throw new Error('queueing no input was refused');
    // The plan reads its agents, attractors and completion: parsed once, here.
    return { snapshot: JSON.parse(snapshot.json) as EngineSnapshot, json: queued.snapshot.json };
  }
}
