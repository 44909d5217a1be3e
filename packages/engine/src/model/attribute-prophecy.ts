import type { EnsembleForecast, ProbabilityInterval, ProphecyAttribution, ProphecyVerdict } from '../schemas/prophecy-v3.js';
import { lossShare, meanLossTick, type EnsembleOutcome } from './ensemble.js';

/** z of a two-sided 95 % interval. */
const Z = 1.96;

/**
 * The 95 % Wilson score interval of a share `p` observed in `n` branches. Unlike p ± z·√(p(1−p)/n)
 * it stays within 0…1 and is not empty when every branch agrees: 8 of 8 gives 0.68…1.
 */
export function wilsonInterval(p: number, n: number): ProbabilityInterval {
  const z2 = Z * Z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (Z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Smallest change of a loss probability that counts as an effect: two branches and a quarter
 * of the ensemble, whichever is more. A single branch flipping is noise, not an effect.
 */
export function probabilityThreshold(branches: number): number {
  return Math.max(0.25, 2 / branches);
}

/** Smallest shift of the expected loss tick that counts as an effect: a tenth of the horizon, at least 2 ticks. */
export function tickThreshold(horizon: number): number {
  return Math.max(2, horizon / 10);
}

/** One ensemble's forecast of basin `t`, for a prophecy made at `tick`. */
export function forecastOf(outcome: EnsembleOutcome, t: number, tick: number, horizon: number): EnsembleForecast {
  const p = lossShare(outcome, t, tick + horizon);
  return {
    lossProbability: p,
    lossProbabilityInterval: wilsonInterval(p, outcome.branches),
    expectedLossTick: meanLossTick(outcome, t, tick + horizon),
    windowLossProbability: lossShare(outcome, t, tick + 2 * horizon),
  };
}

/**
 * Compares the ensemble in which agents react to the prophecy with the one in which they do
 * not (same streams) and names the effect; see docs/engine.md, "Attribution and verdicts (1.2.0)", for the rules.
 */
export function attribute(without: EnsembleForecast, withReaction: EnsembleForecast, branches: number, horizon: number): ProphecyAttribution {
  const dp = withReaction.lossProbability - without.lossProbability;
  const dq = withReaction.windowLossProbability - without.windowLossProbability;
  const before = without.expectedLossTick;
  const after = withReaction.expectedLossTick;
  const dt = before === null && after === null ? 0 : before === null || after === null ? null : after - before;
  const theta = probabilityThreshold(branches);
  const tau = tickThreshold(horizon);
  let verdict: ProphecyVerdict = 'neutral';
  if (dp >= theta) verdict = 'self-fulfilling';
  else if (dp <= -theta) verdict = dq <= -theta ? 'self-defeating' : 'postponing';
  else if (dt !== null && dt >= tau) verdict = 'postponing';
  else if (dt !== null && dt <= -tau) verdict = 'hastening';
  return {
    withoutReaction: without,
    withReaction,
    effect: { lossProbability: dp, windowLossProbability: dq, expectedLossTick: dt },
    verdict,
  };
}
