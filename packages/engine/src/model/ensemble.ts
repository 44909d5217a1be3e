import { BranchWorkspace, IN_THREAD_BRANCHES, type BranchJob, type BranchRunner } from './branch-run.js';
import type { OpenProphecy, World } from './world.js';

/**
 * What one ensemble of prophecy branches saw: per branch and basin the tick of loss, and the
 * world at the horizon. Branch `b`, basin `t` is entry `b * basins + t`.
 */
export interface EnsembleOutcome {
  readonly branches: number;
  readonly basins: number;
  /** Tick of loss within the ticks run, or -1. */
  readonly lossTick: Float64Array;
  /** Depth at the horizon (or at completion, when the branch completed before it). */
  readonly depthAtHorizon: Float64Array;
  /** Sums over branches of the agents' mean position at the horizon (branches with agents). */
  centroidX: number;
  centroidY: number;
  stabilitySum: number;
  stabilityMin: number;
  stabilityMax: number;
}

/**
 * Runs `branches` forks of the world `ticks` ticks ahead, recording the losses of the basins
 * in `slots` and the world at tick `horizon`. Every ensemble of one prophecy opens the same
 * streams (`prophecy/{seq}/{b}/…`), so two ensembles that differ only in what the branch
 * agents react to (`standing`) differ exactly by the effect of that reaction. Every basin is
 * followed to `ticks`: a branch stops early only once it has lost them all, when the ticks
 * left could change nothing recorded. The branches run through `runner`, on this thread or
 * spread over several (docs/engine.md, "Branches on several threads").
 */
export function runEnsemble(
  world: World,
  seq: number,
  slots: readonly number[],
  standing: OpenProphecy | null,
  horizon: number,
  ticks: number,
  runner: BranchRunner = IN_THREAD_BRANCHES,
  workspace: BranchWorkspace = BranchWorkspace.of(world),
): EnsembleOutcome {
  const branches = world.rules.prophecyBranches;
  const basins = slots.length;
  const outcome: EnsembleOutcome = {
    branches,
    basins,
    lossTick: new Float64Array(branches * basins).fill(-1),
    depthAtHorizon: new Float64Array(branches * basins),
    centroidX: 0,
    centroidY: 0,
    stabilitySum: 0,
    stabilityMin: Infinity,
    stabilityMax: -Infinity,
  };
  const followed = slots.map((_, t) => t);
  const jobs: BranchJob[] = Array.from({ length: branches }, (_, branch) => ({
    ensemble: 0,
    seq,
    branch,
    slots,
    standing,
    horizon,
    reignEnd: null,
    followed,
    ticks,
    keep: false,
  }));
  runner.run(workspace, jobs).forEach((seen, b) => {
    const row = b * basins;
    outcome.lossTick.set(seen.lossTick, row);
    outcome.depthAtHorizon.set(seen.depthAtHorizon, row);
    // Summed in branch order, as one thread running the branches one after another would.
    if (!Number.isNaN(seen.centroidX)) {
      outcome.centroidX += seen.centroidX;
      outcome.centroidY += seen.centroidY;
    }
    outcome.stabilitySum += seen.stability;
    outcome.stabilityMin = Math.min(outcome.stabilityMin, seen.stability);
    outcome.stabilityMax = Math.max(outcome.stabilityMax, seen.stability);
  });
  return outcome;
}

/**
 * Mean and population standard deviation of basin `t`'s depth at the horizon over the first
 * `branches` branches of a table laid out branch by branch (`b * basins + t`).
 */
export function depthAtHorizonSummary(depthAtHorizon: ArrayLike<number>, basins: number, t: number, branches: number): { mean: number; spread: number } {
  let depthSum = 0;
  let depthSquareSum = 0;
  for (let b = 0; b < branches; b++) {
    const depth = depthAtHorizon[b * basins + t] as number;
    depthSum += depth;
    depthSquareSum += depth * depth;
  }
  const mean = depthSum / branches;
  return { mean, spread: Math.sqrt(Math.max(0, depthSquareSum / branches - mean * mean)) };
}

/** The attractors not lost, in slot order: their ids and slots. */
export function liveBasins(world: World): { ids: string[]; slots: number[] } {
  const ids: string[] = [];
  const slots: number[] = [];
  for (let a = 0; a < world.attractorCount; a++) {
    if (world.lost[a] === 0) {
      ids.push(world.attractorIds[a] as string);
      slots.push(a);
    }
  }
  return { ids, slots };
}

/** Share of branches that lost basin `t` by tick `until`. */
export function lossShare(outcome: EnsembleOutcome, t: number, until: number): number {
  let losses = 0;
  for (let b = 0; b < outcome.branches; b++) {
    const at = outcome.lossTick[b * outcome.basins + t] as number;
    if (at >= 0 && at <= until) losses++;
  }
  return losses / outcome.branches;
}

/** Mean tick of loss of basin `t` over the branches that lost it by tick `until`; null if none did. */
export function meanLossTick(outcome: EnsembleOutcome, t: number, until: number): number | null {
  let losses = 0;
  let sum = 0;
  for (let b = 0; b < outcome.branches; b++) {
    const at = outcome.lossTick[b * outcome.basins + t] as number;
    if (at >= 0 && at <= until) {
      losses++;
      sum += at;
    }
  }
  return losses > 0 ? sum / losses : null;
}
