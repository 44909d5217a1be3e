import type { ProbabilityInterval } from '../../schemas/prophecy-v3.js';
import type { CalibratedVerdict, EffectV4, EnsembleForecastV4 } from '../../schemas/prophecy-v4.js';
import { wilsonInterval } from '../attribute-prophecy.js';
import type { BranchEnsemble } from './branch-ensemble.js';
import { meanDifferenceInterval, pairedDifferenceInterval } from './paired-interval.js';

/** The effect of the reaction on one basin, paired branch by branch, with its intervals. */
export interface PairedEffect {
  readonly without: EnsembleForecastV4;
  readonly withReaction: EnsembleForecastV4;
  readonly effect: EffectV4;
  readonly verdict: CalibratedVerdict;
}

function pairedShare(
  reacting: BranchEnsemble,
  counterfactual: BranchEnsemble,
  t: number,
  until: number,
): { difference: number; interval: ProbabilityInterval } {
  let both = 0;
  let onlyWith = 0;
  let onlyWithout = 0;
  let neither = 0;
  for (let b = 0; b < reacting.branches; b++) {
    const w = reacting.lostBy(b, t, until);
    const o = counterfactual.lostBy(b, t, until);
    if (w && o) both++;
    else if (w) onlyWith++;
    else if (o) onlyWithout++;
    else neither++;
  }
  return { difference: (onlyWith - onlyWithout) / reacting.branches, interval: pairedDifferenceInterval(both, onlyWith, onlyWithout, neither) };
}

function forecast(ensemble: BranchEnsemble, t: number, tick: number, horizon: number, windowSeen: boolean): EnsembleForecastV4 {
  const p = ensemble.lossShare(t, tick + horizon);
  return {
    lossProbability: p,
    lossProbabilityInterval: wilsonInterval(p, ensemble.branches),
    expectedLossTick: ensemble.meanLossTick(t, tick + horizon),
    windowLossProbability: windowSeen ? ensemble.lossShare(t, tick + 2 * horizon) : null,
  };
}

/**
 * Compares the two ensembles basin `t` by basin, pair by pair, and names the effect only where
 * its 95 % interval lies wholly on one side of the thresholds; where it straddles one, the
 * verdict is `inconclusive` (docs/engine.md, "Calibrated prophecies (1.3.0)").
 */
export function pairedEffect(
  counterfactual: BranchEnsemble,
  reacting: BranchEnsemble,
  t: number,
  tick: number,
  horizon: number,
  theta: number,
  tau: number,
): PairedEffect {
  const windowSeen = counterfactual.followedToWindow(t) && reacting.followedToWindow(t);
  const p = pairedShare(reacting, counterfactual, t, tick + horizon);
  const q = windowSeen ? pairedShare(reacting, counterfactual, t, tick + 2 * horizon) : null;
  const without = forecast(counterfactual, t, tick, horizon, windowSeen);
  const withReaction = forecast(reacting, t, tick, horizon, windowSeen);

  // The shift of the loss tick, over the branches that lost the basin within the horizon in both.
  let pairs = 0;
  let sum = 0;
  let squareSum = 0;
  for (let b = 0; b < reacting.branches; b++) {
    if (!reacting.lostBy(b, t, tick + horizon) || !counterfactual.lostBy(b, t, tick + horizon)) continue;
    const shift = (reacting.lossTick[b * reacting.basins + t] as number) - (counterfactual.lossTick[b * counterfactual.basins + t] as number);
    pairs++;
    sum += shift;
    squareSum += shift * shift;
  }
  const neitherLost = without.expectedLossTick === null && withReaction.expectedLossTick === null;
  const shift = neitherLost ? 0 : pairs > 0 ? sum / pairs : null;
  const shiftInterval = neitherLost ? { low: 0, high: 0 } : meanDifferenceInterval(pairs, sum, squareSum);

  const effect: EffectV4 = {
    lossProbability: p.difference,
    lossProbabilityInterval: p.interval,
    windowLossProbability: q?.difference ?? null,
    windowLossProbabilityInterval: q?.interval ?? null,
    expectedLossTick: shift,
    expectedLossTickInterval: shiftInterval,
  };
  // A basin no branch lost, with the reaction or without, within all the ticks looked at has
  // no loss to attribute: neutral, whatever the width of its interval.
  const seenUntil = tick + (windowSeen ? 2 * horizon : horizon);
  const anyLoss = counterfactual.lossShare(t, seenUntil) > 0 || reacting.lossShare(t, seenUntil) > 0;
  return { without, withReaction, effect, verdict: anyLoss ? verdictOf(effect, theta, tau) : 'neutral' };
}

/**
 * The verdict, decided on intervals: an effect counts when its interval lies beyond the
 * threshold, no effect when it lies within it, and anything else is `inconclusive`.
 */
export function verdictOf(effect: EffectV4, theta: number, tau: number): CalibratedVerdict {
  const { low, high } = effect.lossProbabilityInterval;
  if (low >= theta) return 'self-fulfilling';
  if (high <= -theta) {
    const window = effect.windowLossProbabilityInterval;
    if (window === null) return 'inconclusive';
    if (window.high <= -theta) return 'self-defeating';
    if (window.low > -theta) return 'postponing';
    return 'inconclusive';
  }
  if (low > -theta && high < theta) {
    const shift = effect.expectedLossTickInterval;
    // Fewer than two branches lost the basin in both: no shift can be estimated, and none is claimed.
    if (shift === null) return 'neutral';
    if (shift.low >= tau) return 'postponing';
    if (shift.high <= -tau) return 'hastening';
    if (shift.low > -tau && shift.high < tau) return 'neutral';
  }
  return 'inconclusive';
}
