import tQuantile from '@stdlib/stats-base-dists-t-quantile';
import { max, mean, min, quantileSorted, sampleStandardDeviation } from 'simple-statistics';
import type { MetricValue } from '../engine-data/experiment-metrics.js';

/** The summary of one metric over the runs of one combination (docs/api.md, "Experiments", "Results"). */
export interface MetricStatistics {
  metric: string;
  count: number;
  mean: number | null;
  stdDev: number | null;
  ci95: { low: number; high: number } | null;
  min: number | null;
  q1: number | null;
  median: number | null;
  q3: number | null;
  max: number | null;
  /** A categorical metric (completionReason): runs per value, `none` for null. */
  counts?: Record<string, number>;
}

const CONFIDENCE = 0.95;

/**
 * Count, mean, sample standard deviation, the 95% confidence interval of the mean (Student's t
 * with n − 1 degrees of freedom), min, quartiles and max, from simple-statistics and stdlib's t
 * quantile: no statistics are hand-written here. Booleans count as 0 and 1 (the mean is the
 * share of runs where it held); nulls (a basin never lost) are left out of the count; strings
 * are categories and get only `counts`.
 */
export function summarize(metric: string, values: readonly MetricValue[], categorical: boolean): MetricStatistics {
  if (categorical) {
    const counts: Record<string, number> = {};
    for (const value of values) counts[value === null ? 'none' : String(value)] = (counts[value === null ? 'none' : String(value)] ?? 0) + 1;
    return { metric, count: values.length, mean: null, stdDev: null, ci95: null, min: null, q1: null, median: null, q3: null, max: null, counts };
  }
  const numbers = values.filter((v): v is number | boolean => v !== null).map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v));
  const n = numbers.length;
  if (n === 0) return { metric, count: 0, mean: null, stdDev: null, ci95: null, min: null, q1: null, median: null, q3: null, max: null };
  const sorted = [...numbers].sort((a, b) => a - b);
  const average = mean(numbers);
  const stdDev = n >= 2 ? sampleStandardDeviation(numbers) : null;
  let ci95: MetricStatistics['ci95'] = null;
  if (stdDev !== null) {
    const half = tQuantile(1 - (1 - CONFIDENCE) / 2, n - 1) * (stdDev / Math.sqrt(n));
    ci95 = { low: average - half, high: average + half };
  }
  return {
    metric,
    count: n,
    mean: average,
    stdDev,
    ci95,
    min: min(numbers),
    q1: quantileSorted(sorted, 0.25),
    median: quantileSorted(sorted, 0.5),
    q3: quantileSorted(sorted, 0.75),
    max: max(numbers),
  };
}
