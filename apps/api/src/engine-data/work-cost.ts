import { domainWorkPerTick, prophecyBranchTicks, resolveRules, type EngineInput, type ResolvedRules, type Rules, type ScheduledInput } from '@sim/engine';

/**
 * The work of a request in agent-ticks: one agent moved through one tick is one agent-tick. A
 * tick costs one per agent (at least one: an empty world still ticks); a prophecy runs its
 * branches `branchTicks` ticks in all (the horizon up to 1.1.0; 1.2.0's counterfactual and
 * reaction ensembles run twice the horizon each: the engine's prophecyBranchTicks says), so it
 * costs agents × branches × branchTicks at the tick it is due. Counting the prophecies actually due in the ticks asked (multiples of the interval), not
 * an average, makes a one-tick step that lands on a prophecy cost what it really costs.
 */
export interface WorkEstimate {
  /** Agent-ticks. */
  cost: number;
  agents: number;
  ticks: number;
  prophecies: number;
  branches: number;
  horizon: number;
  /** Ticks each branch runs per prophecy, every ensemble of it counted. */
  branchTicks: number;
  interval: number;
}

/** The rules and head count that decide a stretch's cost. */
export interface WorkShape {
  agents: number;
  interval: number;
  branches: number;
  horizon: number;
  /** Ticks each branch runs per prophecy (the engine's prophecyBranchTicks for these rules). */
  branchTicks: number;
  /** The engine version weighed; undefined: the costliest served. */
  engineVersion: string | undefined;
  fixedPointIterations: number;
}

/**
 * Agent-ticks charged per agent for each world a request builds, restores or resumes: a run
 * builds its world from its scenario, a past state restores one from a checkpoint and
 * serializes its state, a step parses its stored snapshot, restores it, and snapshots and
 * serializes it again. Measured by `charged-work.bench.ts` against the ticks of the same world,
 * 18 to 30 ticks' worth for 10 000 agents
 * (docs/api.md, "Engine work", "Cost model: agent-ticks");
 * without it a one-tick step was charged about a twentieth of what it costs a worker, and a
 * one-tick experiment run or a state read a few percent.
 */
export const WORLD_SETUP_TICKS = 24;

/** The fixed cost of building, restoring or resuming one world of `agents` (see WORLD_SETUP_TICKS). */
export function worldSetupCost(agents: number): number {
  return Math.max(1, agents) * WORLD_SETUP_TICKS;
}

/**
 * Agent-ticks charged per agent of the scenario a domain adapter translates an input into: the
 * translation runs on a worker, 3.5 to 9 µs an agent for the four adapters' examples (about
 * 1 000 agents each: epidemic 7 to 9 ms, ecosystem 4.1, supply chain 3.5; bank run 0.75 to 1 ms
 * for 200), that is 36 to 107 agent-ticks' worth an agent at the rate `charged-work.bench.ts`
 * measures a step; 64 keeps every adapter within a factor 2 of it (docs/api.md, "Engine work",
 * "Cost model: agent-ticks"). A `run` from a domain is charged its one translation, an
 * experiment on a domain base its base's and two per combination of its values (weighed, then
 * translated again when its runs start).
 */
export const TRANSLATION_TICKS_PER_AGENT = 64;

/** The charge of translating a domain input into a scenario of `agents` agents. */
export function translationCost(agents: number): number {
  return Math.max(1, agents) * TRANSLATION_TICKS_PER_AGENT;
}

/**
 * A step's charge (`step`, time-control `step`): its ticks (estimateWork) and one world
 * resumed from the stored snapshot and written back.
 */
export function stepCost(ticks: WorkEstimate): WorkEstimate {
  return { ...ticks, cost: ticks.cost + worldSetupCost(ticks.agents) };
}

/**
 * A `run`'s charge: its ticks twice (computed to store them, then replayed for the response)
 * and three worlds: built and resumed for the first pass (a run computes from exactly what
 * create stores), built again for the replay. A run answering NDJSON computes its ticks once,
 * in chunks that each restore a world, and is charged the same, known before it starts
 * (docs/api.md, "Run as a stream").
 */
export const RUN_WORLD_SETUPS = 3;

export function runCost(ticks: WorkEstimate): WorkEstimate {
  return { ...ticks, cost: 2 * ticks.cost + RUN_WORLD_SETUPS * worldSetupCost(ticks.agents) };
}

/** Prophecies due in ticks from+1 … from+ticks at `interval` (0: none). */
export function propheciesDue(fromTick: number, ticks: number, interval: number): number {
  if (interval <= 0) return 0;
  return Math.floor((fromTick + ticks) / interval) - Math.floor(fromTick / interval);
}

/** The cost of computing `ticks` ticks after `fromTick` with the given shape. */
export function estimateWork(shape: WorkShape, fromTick: number, ticks: number): WorkEstimate {
  const agents = Math.max(1, shape.agents);
  const prophecies = propheciesDue(fromTick, ticks, shape.interval);
  return {
    cost: agents * (ticks + prophecies * shape.branches * shape.branchTicks),
    agents,
    ticks,
    prophecies,
    branches: shape.branches,
    horizon: shape.horizon,
    branchTicks: shape.branchTicks,
    interval: shape.interval,
  };
}

/** Agent-ticks per second of playback at `ticksPerSecond`, prophecies averaged over their interval. */
export function playbackCostPerSecond(shape: WorkShape, ticksPerSecond: number): number {
  const perTick = Math.max(1, shape.agents) * (1 + (shape.interval > 0 ? (shape.branches * shape.branchTicks) / shape.interval : 0));
  return Math.ceil(perTick * ticksPerSecond);
}

/** The most one tick of a scenario can cost: a prophecy tick. A request can never be cheaper than one tick. */
export function peakTickCost(shape: WorkShape): number {
  return Math.max(1, shape.agents) * (1 + (shape.interval > 0 ? shape.branches * shape.branchTicks : 0));
}

/** peakTickCost as an estimate: one tick that lands on a prophecy (when there are any). */
export function peakTickEstimate(shape: WorkShape): WorkEstimate {
  // From tick interval − 1, the one tick asked is a prophecy tick; without prophecies any tick is the peak.
  return estimateWork(shape, Math.max(0, shape.interval - 1), 1);
}

/** A domain block as a scenario or a snapshot holds it. */
type DomainOf = { domain?: { model: string; parameters?: unknown } | undefined };

/**
 * The shape of a scenario as written (rules defaulted), run by `engineVersion` (undefined: the
 * costliest). A domain model counts as the agents its step is worth
 * (docs/engine.md, "Domain models (1.4.0)").
 */
export function scenarioShape(scenario: { agents?: readonly unknown[] | undefined; rules?: Rules | undefined } & DomainOf, engineVersion?: string): WorkShape {
  return shapeOf((scenario.agents?.length ?? 0) + domainWorkPerTick(scenario.domain), resolveRules(scenario.rules), engineVersion);
}

type ShapeRules = Pick<ResolvedRules, 'prophecyInterval' | 'prophecyBranches' | 'prophecyHorizon' | 'fixedPointIterations'>;

function shapeOf(agents: number, rules: ShapeRules, engineVersion: string | undefined): WorkShape {
  return {
    agents,
    interval: rules.prophecyInterval,
    branches: rules.prophecyBranches,
    horizon: rules.prophecyHorizon,
    fixedPointIterations: rules.fixedPointIterations,
    engineVersion,
    branchTicks: prophecyBranchTicks(engineVersion ?? '', rules),
  };
}

/**
 * The shape after `inputs` apply, erring on the expensive side: every added agent counted,
 * none removed, and of every prophecy rule the costliest value it takes (shortest interval,
 * most branches, longest horizon, most fixed-point iterations). So queueing a decree cannot slip work past the estimate.
 */
export function widenShape(shape: WorkShape, inputs: Iterable<EngineInput | ScheduledInput>): WorkShape {
  const widened = { ...shape };
  for (const item of inputs) {
    const input = 'input' in item ? item.input : item;
    if (input.kind !== 'decree') continue;
    const { decree } = input;
    if (decree.type === 'add-agent') widened.agents += 1;
    if (decree.type === 'set-rule') {
      const { rule, value } = decree.payload as { rule: string; value: number };
      if (rule === 'prophecyInterval' && value > 0) widened.interval = widened.interval > 0 ? Math.min(widened.interval, value) : value;
      if (rule === 'prophecyBranches') widened.branches = Math.max(widened.branches, value);
      if (rule === 'prophecyHorizon') widened.horizon = Math.max(widened.horizon, value);
      if (rule === 'fixedPointIterations') widened.fixedPointIterations = Math.max(widened.fixedPointIterations, value);
    }
  }
  widened.branchTicks = prophecyBranchTicks(widened.engineVersion ?? '', {
    prophecyHorizon: widened.horizon,
    fixedPointIterations: widened.fixedPointIterations,
  });
  return widened;
}

/** The shape of a stored simulation as it stands (its snapshot) with its queued inputs. */
export function snapshotShape(
  snapshot: { engineVersion: string; rules: ResolvedRules; agents: { ids: readonly string[] } } & DomainOf,
  pending: Iterable<EngineInput> = [],
): WorkShape {
  return widenShape(shapeOf(snapshot.agents.ids.length + domainWorkPerTick(snapshot.domain), snapshot.rules, snapshot.engineVersion), pending);
}
