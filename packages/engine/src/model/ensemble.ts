import { openStream } from '../rng/random-stream.js';
import { advanceTick } from './advance-tick.js';
import { forkWorld, type OpenProphecy, type World } from './world.js';

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
 * agents react to (`standing`) differ exactly by the effect of that reaction.
 */
export function runEnsemble(world: World, seq: number, slots: readonly number[], standing: OpenProphecy | null, horizon: number, ticks: number): EnsembleOutcome {
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
  for (let b = 0; b < branches; b++) {
    const label = `prophecy/${seq}/${b}`;
    const branch = forkWorld(world, openStream(world.seed, `${label}/motion`), openStream(world.seed, `${label}/environment`));
    branch.standing = standing;
    const row = b * basins;
    let observed = false;
    for (let h = 0; h < ticks && branch.completion === null; h++) {
      advanceTick(branch, null);
      for (let t = 0; t < basins; t++) {
        if (outcome.lossTick[row + t] === -1 && branch.lost[slots[t] as number] === 1) outcome.lossTick[row + t] = branch.tick;
      }
      if (!observed && (h + 1 === horizon || branch.completion !== null)) {
        observeHorizon(branch, slots, outcome, row);
        observed = true;
      }
    }
    if (!observed) observeHorizon(branch, slots, outcome, row);
  }
  return outcome;
}

function observeHorizon(branch: World, slots: readonly number[], outcome: EnsembleOutcome, row: number): void {
  for (let t = 0; t < slots.length; t++) outcome.depthAtHorizon[row + t] = branch.depth[slots[t] as number] as number;
  if (branch.agentCount > 0) {
    let sx = 0;
    let sy = 0;
    for (let i = 0; i < branch.agentCount; i++) {
      sx += branch.px[i] as number;
      sy += branch.py[i] as number;
    }
    outcome.centroidX += sx / branch.agentCount;
    outcome.centroidY += sy / branch.agentCount;
  }
  outcome.stabilitySum += branch.stability;
  outcome.stabilityMin = Math.min(outcome.stabilityMin, branch.stability);
  outcome.stabilityMax = Math.max(outcome.stabilityMax, branch.stability);
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
