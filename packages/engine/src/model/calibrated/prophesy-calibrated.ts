import type { CalibratedVerdict, FixedPointBasin, FixedPointV4, ProphecyBasinV4, ProphecyDataV4 } from '../../schemas/prophecy-v4.js';
import type { EventSink } from '../apply-input.js';
import { probabilityThreshold, tickThreshold, wilsonInterval } from '../attribute-prophecy.js';
import { depthAtHorizonSummary, liveBasins } from '../ensemble.js';
import { nobodyReacts, reactionIsNeutral } from '../prophesy-with-attribution.js';
import { unstableProphecy } from '../unstable-prophecy.js';
import type { OpenProphecy, World } from '../world.js';
import { BranchWorkspace, IN_THREAD_BRANCHES, type BranchRunner } from '../branch-run.js';
import { BranchEnsemble, runTogether } from './branch-ensemble.js';
import { searchFixedPoint } from './fixed-point-search.js';
import { pairedEffect, type PairedEffect } from './paired-effect.js';

/**
 * Most branch pairs a verdict may use: twice `prophecyBranches`. Branches are added
 * `prophecyBranches` at a time while some verdict's interval straddles a threshold.
 */
export function verdictBranchLimit(branches: number): number {
  return 2 * branches;
}

/** Reaction ensembles the fixed-point search may run per prophecy, for `fixedPointIterations` N. */
export function fixedPointBudget(iterations: number): number {
  return iterations > 0 ? 2 + 2 * iterations : 0;
}

/**
 * The 1.3.0 prophecy (docs/engine.md, "Calibrated prophecies (1.3.0)"):
 *
 * 1. The counterfactual: `prophecyBranches` branches reacting to nothing, over the horizon.
 * 2. The published forecast: the counterfactual's, or with `fixedPointIterations` > 0 a forecast
 *    the reaction to it reproduces, found by bisection on each contested basin.
 * 3. The reaction ensemble: the same branches reacting to the published forecast while it
 *    reigns (until the next prophecy replaces it), both over the window when a loss is forecast.
 * 4. Verdicts on paired intervals; while one straddles a threshold, more branch pairs, up to
 *    twice `prophecyBranches`; then `inconclusive`.
 */
export function prophesyCalibrated(world: World, sink: EventSink | null, runner: BranchRunner = IN_THREAD_BRANCHES, verdictStreams?: number): void {
  const { prophecyBranches: branches, prophecyHorizon: horizon, prophecyInterval: interval, fixedPointIterations, fixedPointTolerance } = world.rules;
  const seq = world.prophecySeq + 1;
  const tick = world.tick;
  const reign = interval > 0 ? Math.min(interval, horizon) : horizon;
  const reignEnd = tick + reign;
  const { ids, slots } = liveBasins(world);
  const standingFor = (lossProbability: Record<string, number>): OpenProphecy => ({ seq, tick, horizon, lossProbability, settled: [] });
  const probabilitiesOf = (ensemble: BranchEnsemble): Record<string, number> => {
    const result: Record<string, number> = {};
    ids.forEach((id, t) => (result[id] = ensemble.lossShare(t, tick + horizon, branches)));
    return result;
  };
  let ensembles = 1;
  let branchTicks = 0;
  // Every ensemble forks from the same world; each gets its own number (it names kept branches).
  const workspace = BranchWorkspace.of(world);
  let ensembleIds = 0;
  const ensembleOf = (standing: OpenProphecy | null): BranchEnsemble =>
    new BranchEnsemble(workspace, runner, ensembleIds++, seq, slots, standing, horizon, reignEnd);

  let counterfactual = ensembleOf(null);
  counterfactual.addBranches(branches, horizon, true);
  const unreacted = probabilitiesOf(counterfactual);
  let published = unreacted;
  let fixedPoint: FixedPointV4 | null = null;

  if (fixedPointIterations > 0 && !nobodyReacts(world)) {
    const budget = { left: fixedPointBudget(fixedPointIterations) };
    const cache = new Map<string, Record<string, number>>();
    const reactionTo = (forecast: Record<string, number>): Record<string, number> | null => {
      const key = ids.map((id) => forecast[id]).join(',');
      const known = cache.get(key);
      if (known !== undefined) return known;
      if (reactionIsNeutral(world, forecast)) return unreacted;
      if (budget.left <= 0) return null;
      budget.left--;
      ensembles++;
      const ensemble = ensembleOf(standingFor(forecast));
      ensemble.addBranches(branches, horizon, false);
      branchTicks += ensemble.branchTicks;
      const result = probabilitiesOf(ensemble);
      cache.set(key, result);
      return result;
    };
    const searched: Record<string, FixedPointBasin> = {};
    let current = { ...published };
    const first = reactionTo(current);
    const contested = first === null ? [] : ids.filter((id) => Math.abs((first[id] as number) - (current[id] as number)) > fixedPointTolerance);
    for (const id of contested) {
      const start = reactionTo(current);
      if (start === null) break;
      const held = current;
      const result = searchFixedPoint(
        held[id] as number,
        start[id] as number,
        // Null once the evaluations allowed are spent: the search stops at the forecasts it has.
        (p) => reactionTo({ ...held, [id]: p })?.[id] ?? null,
        fixedPointTolerance,
      );
      searched[id] = result;
      current = { ...current, [id]: result.published };
    }
    published = current;
    const evaluations = fixedPointBudget(fixedPointIterations) - budget.left;
    fixedPoint = {
      status: Object.values(searched).every((basin) => basin.roots.length > 0) ? 'converged' : 'unstable',
      evaluations,
      tolerance: fixedPointTolerance,
      basins: searched,
    };
  }

  // The reaction ensemble and the verdicts. Past the horizon only the basins the counterfactual
  // loses matter (a reduction of their loss is what the window tells apart: self-defeating or
  // postponing), and a branch stops once it has lost them all.
  const neutral = reactionIsNeutral(world, published);
  // A check of the verdict's stability (RestoreOptions.verdictStreams): the same published
  // forecast, judged on branches drawn afresh from other streams.
  let judging = workspace;
  if (verdictStreams !== undefined) {
    judging = BranchWorkspace.of({ ...world, seed: world.seed + verdictStreams });
    counterfactual = new BranchEnsemble(judging, runner, ensembleIds++, seq, slots, null, horizon, reignEnd);
    counterfactual.addBranches(branches, horizon, true);
  }
  let reacting = counterfactual;
  let ticks = horizon;
  if (!neutral) {
    const atRisk = ids.flatMap((_, t) => (counterfactual.lossShare(t, tick + horizon) > 0 ? [t] : []));
    reacting = new BranchEnsemble(judging, runner, ensembleIds++, seq, slots, standingFor(published), horizon, reignEnd);
    if (atRisk.length > 0) {
      ticks = 2 * horizon;
      counterfactual.follow(atRisk);
      reacting.follow(atRisk);
    }
    // Independent branches: one batch (docs/engine.md, "Branches on several threads").
    runTogether(
      atRisk.length > 0 ? [counterfactual.extension(ticks), reacting.moreBranches(branches, ticks, false)] : [reacting.moreBranches(branches, ticks, false)],
    );
    ensembles++;
  }
  const theta = probabilityThreshold(branches);
  const tau = tickThreshold(horizon);
  const judge = (): PairedEffect[] => ids.map((_, t) => pairedEffect(counterfactual, reacting, t, tick, horizon, theta, tau));
  let effects = judge();
  while (!neutral && effects.some((effect) => effect.verdict === 'inconclusive') && counterfactual.branches + branches <= verdictBranchLimit(branches)) {
    runTogether([counterfactual.moreBranches(branches, ticks, false), reacting.moreBranches(branches, ticks, false)]);
    effects = judge();
  }
  branchTicks += counterfactual.branchTicks + (neutral ? 0 : reacting.branchTicks);
  for (const used of judging === workspace ? [workspace] : [workspace, judging]) {
    used.release();
    runner.release?.(used);
  }

  // The summary describes the world the published forecast describes: the counterfactual's,
  // or the reaction to a fixed point's, over the published branches.
  const summary = fixedPoint !== null ? reacting : counterfactual;
  const basins: Record<string, ProphecyBasinV4> = {};
  const reactedLossProbability: Record<string, number> = {};
  const verdicts: Record<string, CalibratedVerdict> = {};
  let agreement = 0;
  ids.forEach((id, t) => {
    const p = published[id] as number;
    const depth = depthAtHorizonSummary(summary.depthAtHorizon, ids.length, t, branches);
    const effect = effects[t] as PairedEffect;
    const verdict: CalibratedVerdict = neutral ? 'neutral' : effect.verdict;
    basins[id] = {
      lossProbability: p,
      lossProbabilityInterval: wilsonInterval(p, branches),
      expectedLossTick: summary.meanLossTick(t, tick + horizon, branches),
      expectedDepth: depth.mean,
      depthSpread: depth.spread,
      attribution: { branches: counterfactual.branches, withoutReaction: effect.without, withReaction: effect.withReaction, effect: effect.effect, verdict },
    };
    reactedLossProbability[id] = effect.withReaction.lossProbability;
    verdicts[id] = verdict;
    agreement += Math.abs(2 * p - 1);
  });
  let centroidX = 0;
  let centroidY = 0;
  let stabilitySum = 0;
  let stabilityMin = Infinity;
  let stabilityMax = -Infinity;
  for (let b = 0; b < branches; b++) {
    centroidX += summary.centroidX[b] as number;
    centroidY += summary.centroidY[b] as number;
    const stability = summary.stability[b] as number;
    stabilitySum += stability;
    stabilityMin = Math.min(stabilityMin, stability);
    stabilityMax = Math.max(stabilityMax, stability);
  }
  const data: ProphecyDataV4 = {
    schema: 'prophecy/4',
    tick,
    horizon,
    window: ticks,
    reign,
    branches,
    ensembles,
    branchTicks,
    confidence: ids.length > 0 ? agreement / ids.length : 1,
    basins,
    expectedCentroid: world.agentCount > 0 ? { x: centroidX / branches, y: centroidY / branches } : null,
    stability: { mean: stabilitySum / branches, min: stabilityMin, max: stabilityMax },
    fixedPoint,
  };

  const prophecy: OpenProphecy = { seq, tick, horizon, lossProbability: published, settled: [], reactedLossProbability, verdicts };
  world.prophecySeq = seq;
  world.standing = prophecy;
  world.openProphecies.push(prophecy);
  sink?.({ type: 'prophecy', data: { seq, tick, data } });
  if (sink !== null && fixedPoint !== null) {
    for (const [id, search] of Object.entries(fixedPoint.basins)) {
      if (search.roots.length > 0) continue;
      const message = `no forecast of "${id}" is consistent with the reaction to it within ${fixedPointTolerance}: ${search.reason}`;
      sink({
        type: 'paradox',
        data: unstableProphecy(
          seq,
          tick,
          id,
          published[id] as number,
          message,
          search.trials.map((trial) => trial.reaction),
        ),
      });
    }
  }
}
