import type { FixedPointBasin, FixedPointTrial } from '../../schemas/prophecy-v4.js';

/**
 * The reaction map of one basin: the loss probability (within the horizon) that the agents'
 * reaction to a forecast gives, the other basins' forecasts held. Every call runs the same
 * branches on the same streams (common random numbers), so it is a deterministic, nearly
 * monotone function of the forecast, not noise.
 */
export type ReactionMap = (forecast: number) => number | null;

/**
 * Solves F(p) = p for one basin on [0, 1] by bracketing: it evaluates F at the counterfactual
 * forecast, 0, 1 and 0.5, then bisects every bracket where F(p) − p changes sign, until
 * a forecast is consistent within `tolerance` or the evaluations allowed run out. F(0) ≥ 0 and
 * F(1) ≤ 1, so F(p) − p always changes sign somewhere in [0, 1]: a consistent forecast is
 * missed only where F jumps across the diagonal by more than the tolerance.
 *
 * Where several roots exist (a self-fulfilling world: both "it falls" and "it stands" come
 * true), it publishes the stable root (one that F pulls nearby forecasts towards) nearest the
 * counterfactual forecast, as the naive iteration from that forecast would reach; with no root,
 * the forecast tried whose reaction came closest. docs/engine.md, "Fixed points by bisection (1.3.0)".
 */
export function searchFixedPoint(start: number, startReaction: number, reaction: ReactionMap, tolerance: number): FixedPointBasin {
  const trials: FixedPointTrial[] = [{ forecast: start, reaction: startReaction }];
  const evaluate = (forecast: number): FixedPointTrial | null => {
    const known = trials.find((trial) => trial.forecast === forecast);
    if (known !== undefined) return known;
    const reacted = reaction(forecast);
    if (reacted === null) return null;
    const trial = { forecast, reaction: reacted };
    trials.push(trial);
    return trial;
  };
  const gap = (trial: FixedPointTrial): number => trial.reaction - trial.forecast;
  const consistent = (trial: FixedPointTrial): boolean => Math.abs(gap(trial)) <= tolerance;

  // The ends and the middle: a self-fulfilling reaction can be consistent at both ends, with a
  // root in between that no bracket of the ends alone would show.
  evaluate(0);
  evaluate(1);
  evaluate(0.5);
  // Bisect every bracket of consecutive trials across which the gap changes sign.
  for (;;) {
    const sorted = [...trials].sort((a, b) => a.forecast - b.forecast);
    let bracket: [FixedPointTrial, FixedPointTrial] | null = null;
    for (let i = 0; i + 1 < sorted.length; i++) {
      const low = sorted[i] as FixedPointTrial;
      const high = sorted[i + 1] as FixedPointTrial;
      if (consistent(low) || consistent(high)) continue;
      if (Math.sign(gap(low)) !== Math.sign(gap(high))) {
        bracket = [low, high];
        break;
      }
    }
    if (bracket === null) break;
    const middle = (bracket[0].forecast + bracket[1].forecast) / 2;
    if (trials.some((trial) => trial.forecast === middle) || evaluate(middle) === null) break;
  }

  const sorted = [...trials].sort((a, b) => a.forecast - b.forecast);
  const roots = sorted.flatMap((trial, i) => {
    if (!consistent(trial)) return [];
    // Stable when the reaction does not push a forecast just beside it further away: below it
    // the reaction is not lower than the forecast, above it not higher.
    const below = sorted[i - 1];
    const above = sorted[i + 1];
    const stable = !(below !== undefined && gap(below) < -tolerance) && !(above !== undefined && gap(above) > tolerance);
    return [{ ...trial, stable }];
  });
  const nearest = <T extends FixedPointTrial>(candidates: readonly T[]): T | undefined =>
    [...candidates].sort((a, b) => Math.abs(a.forecast - start) - Math.abs(b.forecast - start) || a.forecast - b.forecast)[0];

  const stableRoot = nearest(roots.filter((root) => root.stable));
  if (stableRoot !== undefined) {
    const reason = roots.length > 1 ? `the stable consistent forecast nearest the unreacted one (${start}), of ${roots.length}` : 'the consistent forecast';
    return { trials, roots, published: stableRoot.forecast, reason };
  }
  const anyRoot = nearest(roots);
  if (anyRoot !== undefined) return { trials, roots, published: anyRoot.forecast, reason: 'a consistent forecast, unstable: a forecast beside it moves away' };
  const closest = [...trials].sort((a, b) => Math.abs(gap(a)) - Math.abs(gap(b)) || a.forecast - b.forecast)[0] as FixedPointTrial;
  return {
    trials,
    roots,
    published: closest.forecast,
    reason: `no forecast is consistent within ${tolerance}: the reaction jumps across it; published the one whose reaction came closest (${closest.reaction})`,
  };
}
