import { describe, expect, it } from 'vitest';
import { searchFixedPoint } from '../src/model/calibrated/fixed-point-search.js';
import { verdictOf } from '../src/model/calibrated/paired-effect.js';
import { meanDifferenceInterval, pairedDifferenceInterval } from '../src/model/calibrated/paired-interval.js';
import type { EffectV4 } from '../src/index.js';

/** The statistics behind 1.3.0's verdicts and fixed points, on inputs whose answers are known. */
describe('pairedDifferenceInterval (Newcombe, paired proportions)', () => {
  it('holds the point estimate, stays within −1…1, and is symmetric when the arms swap', () => {
    for (const [both, onlyWith, onlyWithout, neither] of [
      [3, 4, 1, 8],
      [0, 0, 8, 0],
      [16, 0, 0, 0],
      [5, 2, 2, 7],
      [0, 16, 0, 0],
    ] as const) {
      const n = both + onlyWith + onlyWithout + neither;
      const difference = (onlyWith - onlyWithout) / n;
      const interval = pairedDifferenceInterval(both, onlyWith, onlyWithout, neither);
      expect(interval.low).toBeLessThanOrEqual(difference + 1e-12);
      expect(interval.high).toBeGreaterThanOrEqual(difference - 1e-12);
      expect(interval.low).toBeGreaterThanOrEqual(-1);
      expect(interval.high).toBeLessThanOrEqual(1);
      const swapped = pairedDifferenceInterval(both, onlyWithout, onlyWith, neither);
      expect(swapped.low).toBeCloseTo(-interval.high, 12);
      expect(swapped.high).toBeCloseTo(-interval.low, 12);
    }
  });

  it('narrows as agreeing pairs accumulate: 8 pairs cannot exclude an effect of 0.25, 16 can', () => {
    const eight = pairedDifferenceInterval(8, 0, 0, 0);
    const sixteen = pairedDifferenceInterval(16, 0, 0, 0);
    expect(eight.high).toBeGreaterThan(0.25);
    expect(sixteen.high).toBeLessThan(0.25);
    expect(sixteen.high - sixteen.low).toBeLessThan(eight.high - eight.low);
  });

  it('gives a certain reduction an interval wholly below −0.25 with 8 pairs', () => {
    const interval = pairedDifferenceInterval(0, 0, 8, 0);
    expect(interval.low).toBe(-1);
    expect(interval.high).toBeLessThan(-0.25);
  });
});

describe('meanDifferenceInterval (t interval of paired shifts)', () => {
  it('is a point for identical shifts, wider for spread ones, and null below two', () => {
    expect(meanDifferenceInterval(3, -9, 27)).toEqual({ low: -3, high: -3 });
    const spread = meanDifferenceInterval(4, -8, 4 + 4 + 0 + 16) as { low: number; high: number };
    expect(spread.low).toBeLessThan(-2);
    expect(spread.high).toBeGreaterThan(-2);
    expect(meanDifferenceInterval(1, -3, 9)).toBeNull();
  });
});

describe('verdictOf: an effect counts only when its whole interval lies beyond the threshold', () => {
  const effect = (p: [number, number], q: [number, number] | null, t: [number, number] | null): EffectV4 => ({
    lossProbability: (p[0] + p[1]) / 2,
    lossProbabilityInterval: { low: p[0], high: p[1] },
    windowLossProbability: q === null ? null : (q[0] + q[1]) / 2,
    windowLossProbabilityInterval: q === null ? null : { low: q[0], high: q[1] },
    expectedLossTick: t === null ? null : (t[0] + t[1]) / 2,
    expectedLossTickInterval: t === null ? null : { low: t[0], high: t[1] },
  });
  it.each([
    ['self-fulfilling', effect([0.3, 0.7], null, null)],
    ['self-defeating', effect([-1, -0.5], [-1, -0.4], null)],
    ['postponing', effect([-1, -0.5], [-0.1, 0.1], null)],
    ['inconclusive', effect([-1, -0.5], [-0.3, 0.1], null)],
    ['inconclusive', effect([-1, -0.5], null, null)],
    ['inconclusive', effect([0.1, 0.4], null, null)],
    ['postponing', effect([-0.1, 0.1], null, [3, 6])],
    ['hastening', effect([-0.1, 0.1], null, [-6, -3])],
    ['neutral', effect([-0.1, 0.1], null, [-1, 1])],
    ['inconclusive', effect([-0.1, 0.1], null, [-1, 3])],
    ['neutral', effect([-0.1, 0.1], null, null)],
  ] as const)('%s', (expected, given) => {
    expect(verdictOf(given, 0.25, 2)).toBe(expected);
  });
});

describe('searchFixedPoint: F(p) = p by bisection', () => {
  it('finds the one root of a falling reaction (agents flee what is forecast)', () => {
    const result = searchFixedPoint(1, 0, (p) => 1 - p ** 2, 0.05);
    expect(result.roots.length).toBeGreaterThan(0);
    expect(Math.abs(result.published - (Math.sqrt(5) - 1) / 2)).toBeLessThan(0.1);
    expect(result.roots.every((root) => root.stable)).toBe(true);
    expect(result.reason).toBe('the consistent forecast');
  });

  it('reports every root of a self-fulfilling reaction and publishes the stable one nearest the unreacted forecast', () => {
    // F rises steeply through 0.5: 0 and 1 are stable roots, 0.5 an unstable one.
    const reaction = (p: number): number => (p < 0.5 ? 0 : p > 0.5 ? 1 : 0.5);
    const low = searchFixedPoint(0.25, reaction(0.25), reaction, 0.05);
    expect(low.roots.map((root) => [root.forecast, root.stable])).toEqual([
      [0, true],
      [0.5, false],
      [1, true],
    ]);
    expect(low.published).toBe(0);
    const high = searchFixedPoint(0.75, reaction(0.75), reaction, 0.05);
    expect(high.published).toBe(1);
    expect(high.reason).toMatch(/stable consistent forecast nearest/);
  });

  it('says so when the reaction jumps across the diagonal, and publishes the closest trial', () => {
    const reaction = (p: number): number => (p < 0.4 ? 1 : 0);
    const result = searchFixedPoint(1, 0, reaction, 0.05);
    expect(result.roots).toEqual([]);
    expect(result.reason).toMatch(/no forecast is consistent/);
    const gap = Math.abs(reaction(result.published) - result.published);
    for (const trial of result.trials) expect(gap).toBeLessThanOrEqual(Math.abs(trial.reaction - trial.forecast));
  });

  it('stops at the trials it has when no more ensembles may run', () => {
    let left = 4;
    // A jump at 0.3 that bisection would chase for ever: the budget ends it.
    const result = searchFixedPoint(1, 0, (p) => (left-- > 0 ? (p < 0.3 ? 1 : 0) : null), 0.01);
    expect(result.trials.map((trial) => trial.forecast)).toEqual([1, 0, 0.5, 0.25, 0.375]);
    expect(result.roots).toEqual([]);
  });
});
