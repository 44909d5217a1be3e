import { openStream } from '../rng/random-stream.js';
import type { ProphecyData } from '../schemas/outputs.js';
import type { EventSink } from './apply-input.js';
import { advanceTick } from './advance-tick.js';
import type { BranchRunner } from './branch-run.js';
import { prophesyCalibrated } from './calibrated/prophesy-calibrated.js';
import { prophesyWithAttribution } from './prophesy-with-attribution.js';
import { branchDomainStream, forkWorld, type OpenProphecy, type World } from './world.js';

/** True when the tick just computed is one at which the engine looks ahead. */
export function prophecyDue(world: World): boolean {
  const interval = world.rules.prophecyInterval;
  return !world.inBranch && world.completion === null && interval > 0 && world.tick % interval === 0;
}

interface BasinTally {
  id: string;
  index: number;
  losses: number;
  lossTickSum: number;
  depthSum: number;
  depthSquareSum: number;
}

/**
 * The recursion: forks the world into `prophecyBranches` futures, each with its own streams
 * derived from the seed, the prophecy's number and the branch's number, runs each
 * `prophecyHorizon` ticks ahead with prophecies off, and summarises the ensemble. The summary
 * becomes the standing prophecy that agents react to from the next tick on.
 *
 * From 1.2.0 the branches run through `runner` when one is given, which may spread them over
 * several threads; before 1.2.0 (and without one) they run here, one after another.
 */
export function prophesy(world: World, sink: EventSink | null, runner?: BranchRunner, verdictStreams?: number): void {
  if (world.features.calibratedProphecies) {
    prophesyCalibrated(world, sink, runner, verdictStreams);
    return;
  }
  if (world.features.attributedProphecies) {
    prophesyWithAttribution(world, sink, runner);
    return;
  }
  const { prophecyBranches: branches, prophecyHorizon: horizon } = world.rules;
  const seq = world.prophecySeq + 1;
  const tallies: BasinTally[] = [];
  for (let a = 0; a < world.attractorCount; a++) {
    if (world.lost[a] === 0) tallies.push({ id: world.attractorIds[a] as string, index: a, losses: 0, lossTickSum: 0, depthSum: 0, depthSquareSum: 0 });
  }
  let centroidX = 0;
  let centroidY = 0;
  let stabilitySum = 0;
  let stabilityMin = Infinity;
  let stabilityMax = -Infinity;

  for (let b = 0; b < branches; b++) {
    const label = `prophecy/${seq}/${b}`;
    const branch = forkWorld(
      world,
      openStream(world.seed, `${label}/motion`),
      openStream(world.seed, `${label}/environment`),
      branchDomainStream(world, label),
    );
    const lostAt = new Float64Array(tallies.length).fill(-1);
    for (let h = 0; h < horizon && branch.completion === null; h++) {
      advanceTick(branch, null);
      tallies.forEach((tally, t) => {
        if (lostAt[t] === -1 && branch.lost[tally.index] === 1) lostAt[t] = branch.tick;
      });
    }
    tallies.forEach((tally, t) => {
      const at = lostAt[t] as number;
      if (at >= 0) {
        tally.losses += 1;
        tally.lossTickSum += at;
      }
      const depth = branch.depth[tally.index] as number;
      tally.depthSum += depth;
      tally.depthSquareSum += depth * depth;
    });
    let sx = 0;
    let sy = 0;
    for (let i = 0; i < branch.agentCount; i++) {
      sx += branch.px[i] as number;
      sy += branch.py[i] as number;
    }
    if (branch.agentCount > 0) {
      centroidX += sx / branch.agentCount;
      centroidY += sy / branch.agentCount;
    }
    stabilitySum += branch.stability;
    stabilityMin = Math.min(stabilityMin, branch.stability);
    stabilityMax = Math.max(stabilityMax, branch.stability);
  }

  const lossProbability: Record<string, number> = {};
  for (const tally of tallies) lossProbability[tally.id] = tally.losses / branches;
  const expectedCentroid = world.agentCount > 0 ? { x: centroidX / branches, y: centroidY / branches } : null;
  const expectedLossTick = (tally: BasinTally): number | null => (tally.losses > 0 ? tally.lossTickSum / tally.losses : null);
  const base = { tick: world.tick, horizon, branches };
  let data: ProphecyData;
  if (world.features.prophecySchema === 'prophecy/1') {
    data = {
      schema: 'prophecy/1',
      ...base,
      basins: tallies.map((tally) => ({
        attractor: tally.id,
        lossProbability: lossProbability[tally.id] as number,
        expectedLossTick: expectedLossTick(tally),
      })),
      expectedCentroid,
      expectedStability: stabilitySum / branches,
    };
  } else {
    const basins: Record<string, { lossProbability: number; expectedLossTick: number | null; expectedDepth: number; depthSpread: number }> = {};
    let agreement = 0;
    for (const tally of tallies) {
      const p = lossProbability[tally.id] as number;
      const mean = tally.depthSum / branches;
      basins[tally.id] = {
        lossProbability: p,
        expectedLossTick: expectedLossTick(tally),
        expectedDepth: mean,
        depthSpread: Math.sqrt(Math.max(0, tally.depthSquareSum / branches - mean * mean)),
      };
      agreement += Math.abs(2 * p - 1);
    }
    data = {
      schema: 'prophecy/2',
      ...base,
      confidence: tallies.length > 0 ? agreement / tallies.length : 1,
      basins,
      expectedCentroid,
      stability: { mean: stabilitySum / branches, min: stabilityMin, max: stabilityMax },
    };
  }

  const prophecy: OpenProphecy = { seq, tick: world.tick, horizon, lossProbability, settled: [] };
  world.prophecySeq = seq;
  world.standing = prophecy;
  world.openProphecies.push(prophecy);
  sink?.({ type: 'prophecy', data: { seq, tick: world.tick, data } });
}
