import type { FixedPoint, ProphecyBasinV3, ProphecyDataV3 } from '../schemas/prophecy-v3.js';
import type { EventSink } from './apply-input.js';
import { attribute, forecastOf, wilsonInterval } from './attribute-prophecy.js';
import { depthAtHorizonSummary, liveBasins, lossShare, meanLossTick, runEnsemble, type EnsembleOutcome } from './ensemble.js';
import { BranchWorkspace, IN_THREAD_BRANCHES, type BranchRunner } from './branch-run.js';
import { unstableProphecy } from './unstable-prophecy.js';
import type { OpenProphecy, World } from './world.js';

/** Loss probability by basin id within the horizon, in `ids` order. */
function probabilities(outcome: EnsembleOutcome, ids: readonly string[], until: number): Record<string, number> {
  const result: Record<string, number> = {};
  ids.forEach((id, t) => (result[id] = lossShare(outcome, t, until)));
  return result;
}

/**
 * True when agents reacting to `forecast` would move exactly as agents reacting to nothing:
 * reflexivity 0, every probability 0, or nobody believing. The reaction ensemble is then the
 * counterfactual itself, bit for bit, and is not run twice.
 */
export function reactionIsNeutral(world: World, forecast: Readonly<Record<string, number>>): boolean {
  return Object.values(forecast).every((p) => p === 0) || nobodyReacts(world);
}

/** True when no forecast could move anyone: reflexivity 0, or every agent's belief 0. */
export function nobodyReacts(world: World): boolean {
  if (world.rules.reflexivity === 0) return true;
  for (let i = 0; i < world.agentCount; i++) if (world.belief[i] !== 0) return false;
  return true;
}

/**
 * The 1.2.0 prophecy: a prophecy that knows its own effect.
 *
 * 1. The counterfactual: the ensemble with the agents reacting to no prophecy (the one being
 *    made replaces the standing one, so the previous forecast no longer applies).
 * 2. Without the fixed-point rule its forecast is published; with it, the engine publishes the
 *    first forecast that the reaction to it reproduces within the tolerance, or, when none is
 *    found within the iterations allowed, the counterfactual one and an `unstable-prophecy`
 *    paradox per basin that would not settle.
 * 3. The reaction ensemble: the same streams, agents reacting to the published forecast.
 *    Comparing it with the counterfactual gives each basin's attribution and verdict.
 *
 * Every ensemble runs twice the horizon so that a loss the reaction merely postpones is seen.
 */
export function prophesyWithAttribution(world: World, sink: EventSink | null, runner: BranchRunner = IN_THREAD_BRANCHES): void {
  const { prophecyBranches: branches, prophecyHorizon: horizon, fixedPointIterations, fixedPointTolerance } = world.rules;
  const seq = world.prophecySeq + 1;
  const tick = world.tick;
  const window = 2 * horizon;
  const { ids, slots } = liveBasins(world);
  const standingFor = (lossProbability: Record<string, number>): OpenProphecy => ({ seq, tick, horizon, lossProbability, settled: [] });
  let ensembles = 0;
  const workspace = BranchWorkspace.of(world);
  const ensembleReactingTo = (forecast: Record<string, number>, counterfactual: EnsembleOutcome): EnsembleOutcome => {
    if (reactionIsNeutral(world, forecast)) return counterfactual;
    ensembles++;
    return runEnsemble(world, seq, slots, standingFor(forecast), horizon, window, runner, workspace);
  };

  ensembles++;
  const counterfactual = runEnsemble(world, seq, slots, null, horizon, window, runner, workspace);
  let published = probabilities(counterfactual, ids, tick + horizon);
  let publishedOutcome = counterfactual;
  let reacting: EnsembleOutcome;
  let fixedPoint: FixedPoint | null = null;
  const unsettled: string[] = [];

  if (fixedPointIterations > 0) {
    const history: Record<string, number[]> = {};
    for (const id of ids) history[id] = [published[id] as number];
    let tried = published;
    let triedOutcome = counterfactual;
    let firstReaction: EnsembleOutcome | null = null;
    let converged = false;
    let iterations = 0;
    while (iterations < fixedPointIterations) {
      iterations++;
      const outcome = ensembleReactingTo(tried, counterfactual);
      firstReaction ??= outcome;
      const next = probabilities(outcome, ids, tick + horizon);
      let change = 0;
      for (const id of ids) {
        (history[id] as number[]).push(next[id] as number);
        change = Math.max(change, Math.abs((next[id] as number) - (tried[id] as number)));
      }
      if (change <= fixedPointTolerance) {
        converged = true;
        published = tried;
        publishedOutcome = triedOutcome;
        reacting = outcome;
        break;
      }
      if (iterations === fixedPointIterations) {
        for (const id of ids) if (Math.abs((next[id] as number) - (tried[id] as number)) > fixedPointTolerance) unsettled.push(id);
      }
      tried = next;
      triedOutcome = outcome;
    }
    // No consistent forecast: publish the unreacted one; its reaction is the first iteration.
    if (!converged) reacting = firstReaction as EnsembleOutcome;
    fixedPoint = { status: converged ? 'converged' : 'unstable', iterations, tolerance: fixedPointTolerance, history };
  } else {
    reacting = ensembleReactingTo(published, counterfactual);
  }

  const basins: Record<string, ProphecyBasinV3> = {};
  const expectedLossTick: Record<string, number | null> = {};
  let agreement = 0;
  ids.forEach((id, t) => {
    const p = published[id] as number;
    const depth = depthAtHorizonSummary(publishedOutcome.depthAtHorizon, ids.length, t, branches);
    const lossTick = meanLossTick(publishedOutcome, t, tick + horizon);
    expectedLossTick[id] = lossTick;
    basins[id] = {
      lossProbability: p,
      lossProbabilityInterval: wilsonInterval(p, branches),
      expectedLossTick: lossTick,
      expectedDepth: depth.mean,
      depthSpread: depth.spread,
      attribution: attribute(forecastOf(counterfactual, t, tick, horizon), forecastOf(reacting, t, tick, horizon), branches, horizon),
    };
    agreement += Math.abs(2 * p - 1);
  });
  const data: ProphecyDataV3 = {
    schema: 'prophecy/3',
    tick,
    horizon,
    window,
    branches,
    ensembles,
    confidence: ids.length > 0 ? agreement / ids.length : 1,
    basins,
    expectedCentroid: world.agentCount > 0 ? { x: publishedOutcome.centroidX / branches, y: publishedOutcome.centroidY / branches } : null,
    stability: { mean: publishedOutcome.stabilitySum / branches, min: publishedOutcome.stabilityMin, max: publishedOutcome.stabilityMax },
    fixedPoint,
  };

  runner.release?.(workspace);
  const prophecy: OpenProphecy = { seq, tick, horizon, lossProbability: published, settled: [], expectedLossTick };
  world.prophecySeq = seq;
  world.standing = prophecy;
  world.openProphecies.push(prophecy);
  sink?.({ type: 'prophecy', data: { seq, tick, data } });
  if (sink !== null && fixedPoint !== null) {
    for (const id of unsettled) {
      const iterations = fixedPoint.history[id] as number[];
      const message = `no forecast of "${id}" is consistent with the reaction to it: ${iterations.join(' → ')} in ${fixedPoint.iterations} iterations`;
      sink({ type: 'paradox', data: unstableProphecy(seq, tick, id, published[id] as number, message, iterations) });
    }
  }
}
