import type { ProbabilityInterval } from '../../schemas/prophecy-v3.js';
import { wilsonInterval } from '../attribute-prophecy.js';

/** z of a two-sided 95 % interval. */
const Z = 1.96;

/**
 * The 95 % interval of the difference of two paired proportions, `with − without`, by
 * Newcombe's square-and-add method for paired data (Newcombe 1998, method 10): the Wilson
 * interval of each margin, combined with the correlation of the pairs. Branches of the two
 * ensembles share their random streams, so they are pairs; a branch that loses the basin in
 * both or in neither says nothing about the effect, and the interval narrows as the pairs agree.
 * `both`, `onlyWith`, `onlyWithout` and `neither` count the branches of each kind.
 *
 * @example
 * pairedDifferenceInterval(0, 0, 8, 0); // every branch lost it without the reaction, none with: { low: -1, high: -0.54… }
 */
export function pairedDifferenceInterval(both: number, onlyWith: number, onlyWithout: number, neither: number): ProbabilityInterval {
  const n = both + onlyWith + onlyWithout + neither;
  if (n === 0) return { low: -1, high: 1 };
  const pWith = (both + onlyWith) / n;
  const pWithout = (both + onlyWithout) / n;
  const difference = pWith - pWithout;
  const w = wilsonInterval(pWith, n);
  const o = wilsonInterval(pWithout, n);
  const marginProduct = (both + onlyWith) * (onlyWithout + neither) * (both + onlyWithout) * (onlyWith + neither);
  // φ of the 2×2 table, with Newcombe's continuity correction of a positive association; 0
  // when a margin is empty (the correlation is then undefined, and 0 is the cautious choice).
  const cross = both * neither - onlyWith * onlyWithout;
  const phi = marginProduct === 0 ? 0 : (cross > 0 ? Math.max(cross - n / 2, 0) : cross) / Math.sqrt(marginProduct);
  const dl1 = pWith - w.low;
  const du1 = w.high - pWith;
  const dl2 = pWithout - o.low;
  const du2 = o.high - pWithout;
  const low = difference - Math.sqrt(Math.max(0, dl1 * dl1 - 2 * phi * dl1 * du2 + du2 * du2));
  const high = difference + Math.sqrt(Math.max(0, du1 * du1 - 2 * phi * du1 * dl2 + dl2 * dl2));
  return { low: Math.max(-1, low), high: Math.min(1, high) };
}

/** Two-sided 97.5 % quantiles of Student's t for 1…30 degrees of freedom; z beyond. */
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069,
  2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/**
 * The 95 % t interval of a mean of `count` paired differences with the given sum and sum of
 * squares; null with fewer than two (a spread cannot be estimated from one).
 *
 * @example
 * meanDifferenceInterval(3, -9, 27); // three branches each lost it 3 ticks sooner: { low: -3, high: -3 }
 */
export function meanDifferenceInterval(count: number, sum: number, squareSum: number): { low: number; high: number } | null {
  if (count < 2) return null;
  const mean = sum / count;
  const variance = Math.max(0, (squareSum - count * mean * mean) / (count - 1));
  const t = count - 1 <= T_975.length ? (T_975[count - 2] as number) : Z;
  const half = t * Math.sqrt(variance / count);
  return { low: mean - half, high: mean + half };
}
