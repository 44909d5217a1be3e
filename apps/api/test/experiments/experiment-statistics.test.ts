import { describe, expect, it } from 'vitest';
import { summarize } from '../../src/experiments/experiment-statistics.js';

describe('the statistics of a metric', () => {
  it('gives count, mean, sample standard deviation, the t interval, min, quartiles and max', () => {
    const s = summarize('m', [4, 1, 3, 2], false);
    expect(s).toMatchObject({ metric: 'm', count: 4, mean: 2.5, min: 1, max: 4, median: 2.5 });
    expect(s.stdDev).toBeCloseTo(Math.sqrt(5 / 3), 12);
    // t(0.975, 3) = 3.182446305284263.
    const half = 3.182446305284263 * (Math.sqrt(5 / 3) / 2);
    expect(s.ci95?.low).toBeCloseTo(2.5 - half, 9);
    expect(s.ci95?.high).toBeCloseTo(2.5 + half, 9);
    expect(s.q1).toBeLessThanOrEqual(2);
    expect(s.q3).toBeGreaterThanOrEqual(3);
  });

  it('leaves nulls out, counts booleans as 0 and 1, and has no spread below two values', () => {
    expect(summarize('lossTick', [null, 12, null], false)).toMatchObject({ count: 1, mean: 12, stdDev: null, ci95: null, min: 12, max: 12 });
    expect(summarize('lost', [true, false, true, true], false)).toMatchObject({ count: 4, mean: 0.75, min: 0, max: 1 });
    expect(summarize('lossTick', [null, null], false)).toMatchObject({ count: 0, mean: null, q1: null });
  });

  it('counts a categorical metric per value', () => {
    expect(summarize('completionReason', ['collapse', null, 'collapse'], true)).toMatchObject({ count: 3, mean: null, counts: { collapse: 2, none: 1 } });
  });
});
