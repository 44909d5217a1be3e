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
  /** Attractors of the world: each agent weighs them all, every tick (attractorWeight). */
  attractors: number;
  /** Cells of its grid (width × height): each prophecy branch takes a grid of its own (branchForkCost). */
  cells: number;
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

/**
 * Agent-ticks charged per cell of the grid, beyond the first WORLD_SETUP_FREE_CELLS, for each
 * world a request builds, restores or resumes: the world takes a terrain and its two slopes per
 * cell, and a snapshot carries the terrain. Measured (engine alone, one agent): a one-tick step
 * of 256 × 256 cells 15 ms, building the world 10 ms, an experiment's one-tick run 1 to 3.6 ms,
 * against 0.1 to 0.2 ms on 16 × 16 and 1.5 ms for the step on 64 × 64; at about 100 ns an
 * agent-tick, 0.5 to 2.3 agent-ticks a cell. Without it a probe's 1 000 one-tick runs on
 * 256 × 256 were charged 25 000 agent-ticks for 13 s of a worker.
 */
export const WORLD_SETUP_TICKS_PER_CELL = 1.5;

/**
 * Cells of a grid charged with nothing but its agents (64 × 64): such a world's grid costs at
 * most about 1.5 ms however it is resumed, as much as a tick's own fixed part, which is not
 * charged either (docs/api.md, "Cost model: agent-ticks").
 */
export const WORLD_SETUP_FREE_CELLS = 4_096;

/** The fixed cost of building, restoring or resuming one world of `agents` on `cells` cells (see WORLD_SETUP_TICKS, WORLD_SETUP_TICKS_PER_CELL). */
export function worldSetupCost(agents: number, cells: number): number {
  return Math.max(1, agents) * WORLD_SETUP_TICKS + Math.ceil(Math.max(0, cells - WORLD_SETUP_FREE_CELLS) * WORLD_SETUP_TICKS_PER_CELL);
}

/** Building a world of this shape from its scenario, and no tick (a create, the state of tick 0): its world's charge. */
export function worldBuildEstimate(shape: WorkShape): WorkEstimate {
  const start = estimateWork(shape, 0, 0);
  return { ...start, cost: worldSetupCost(start.agents, shape.cells) };
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
export function stepCost(ticks: WorkEstimate, cells: number): WorkEstimate {
  return { ...ticks, cost: ticks.cost + worldSetupCost(ticks.agents, cells) };
}

/**
 * A `run`'s charge: its ticks twice (computed to store them, then replayed for the response)
 * and three worlds: built and resumed for the first pass (a run computes from exactly what
 * create stores), built again for the replay. A run answering NDJSON computes its ticks once,
 * in chunks that each restore a world, and is charged the same, known before it starts
 * (docs/api.md, "Run as a stream").
 */
export const RUN_WORLD_SETUPS = 3;

export function runCost(ticks: WorkEstimate, cells: number): WorkEstimate {
  return { ...ticks, cost: 2 * ticks.cost + RUN_WORLD_SETUPS * worldSetupCost(ticks.agents, cells) };
}

/**
 * How much more than one agent-tick an agent's tick costs among `attractors` attractors: it
 * weighs every one of them. Measured (engine alone, 1 000 agents): 106 ns an agent among 9,
 * 354 among 64, about 65 + 4.5 ns an attractor; the agent-tick is priced at 9, the most of the
 * pre-built scenarios, so up to 9 the factor is 1 and 64 weigh 3.4
 * (docs/api.md, "Cost model: agent-ticks").
 */
export function attractorWeight(attractors: number): number {
  return Math.max(1, (ATTRACTOR_WEIGHT_BASE + attractors) / (ATTRACTOR_WEIGHT_BASE + 9));
}
const ATTRACTOR_WEIGHT_BASE = 14.4;

/** The agent-ticks one tick of a world of this shape costs. */
export function tickWeight(shape: Pick<WorkShape, 'agents' | 'attractors'>): number {
  return Math.ceil(Math.max(1, shape.agents) * attractorWeight(shape.attractors));
}

/**
 * Agent-ticks charged for each fork a prophecy branch makes, besides the ticks it then runs: a
 * fork takes arrays of its own, the grid's density among them. Measured (engine alone): 18 µs a
 * fork of a world of one agent on 16 × 16, 221 µs on 256 × 256, about 3.1 ns a cell, where an
 * agent-tick costs about 100 ns. Without it, a world of one agent on 256 × 256 prophesying every
 * tick with 32 branches of horizon 1 was charged 33 agent-ticks a tick for 10 ms of a worker: a
 * step charged 2.6 % of the free tier's ceiling held the only worker for two minutes.
 */
export const BRANCH_FORK_TICKS = 180;
export const CELLS_PER_AGENT_TICK = 32;

/** The agent-ticks of one fork of a prophecy branch of this shape (BRANCH_FORK_TICKS, and its grid). */
export function branchForkCost(shape: Pick<WorkShape, 'cells'>): number {
  return BRANCH_FORK_TICKS + Math.ceil(shape.cells / CELLS_PER_AGENT_TICK);
}

/**
 * The forks one branch of a prophecy makes, at most: one per ensemble, and an ensemble runs at
 * least the horizon, so `branchTicks / horizon`.
 */
export function forksPerBranch(shape: Pick<WorkShape, 'branchTicks' | 'horizon'>): number {
  return Math.ceil(shape.branchTicks / Math.max(1, shape.horizon));
}

/** What one prophecy costs: each branch runs `branchTicks` ticks in all, and forks (forksPerBranch). */
export function prophecyCost(shape: Pick<WorkShape, 'agents' | 'attractors' | 'cells' | 'branches' | 'branchTicks' | 'horizon'>): number {
  return shape.branches * (tickWeight(shape) * shape.branchTicks + forksPerBranch(shape) * branchForkCost(shape));
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
    cost: tickWeight(shape) * ticks + prophecies * prophecyCost(shape),
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
  const perTick = tickWeight(shape) + (shape.interval > 0 ? prophecyCost(shape) / shape.interval : 0);
  return Math.ceil(perTick * ticksPerSecond);
}

/** The most one tick of a scenario can cost: a prophecy tick. A request can never be cheaper than one tick. */
export function peakTickCost(shape: WorkShape): number {
  return tickWeight(shape) + (shape.interval > 0 ? prophecyCost(shape) : 0);
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
export function scenarioShape(
  scenario: {
    agents?: readonly unknown[] | undefined;
    rules?: Rules | undefined;
    initialState?: { width: number; height: number; attractors?: readonly unknown[] | undefined } | undefined;
  } & DomainOf,
  engineVersion?: string,
): WorkShape {
  const grid = scenario.initialState;
  return shapeOf(
    {
      agents: (scenario.agents?.length ?? 0) + domainWorkPerTick(scenario.domain),
      attractors: grid?.attractors?.length ?? 0,
      cells: grid === undefined ? 0 : grid.width * grid.height,
    },
    resolveRules(scenario.rules),
    engineVersion,
  );
}

type ShapeRules = Pick<ResolvedRules, 'prophecyInterval' | 'prophecyBranches' | 'prophecyHorizon' | 'fixedPointIterations'>;

function shapeOf(world: Pick<WorkShape, 'agents' | 'attractors' | 'cells'>, rules: ShapeRules, engineVersion: string | undefined): WorkShape {
  return {
    ...world,
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
    if (decree.type === 'add-attractor') widened.attractors += 1;
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
  snapshot: {
    engineVersion: string;
    rules: ResolvedRules;
    agents: { ids: readonly string[] };
    attractors: { ids: readonly string[] };
    width: number;
    height: number;
  } & DomainOf,
  pending: Iterable<EngineInput> = [],
): WorkShape {
  const world = {
    agents: snapshot.agents.ids.length + domainWorkPerTick(snapshot.domain),
    attractors: snapshot.attractors.ids.length,
    cells: snapshot.width * snapshot.height,
  };
  return widenShape(shapeOf(world, snapshot.rules, snapshot.engineVersion), pending);
}
