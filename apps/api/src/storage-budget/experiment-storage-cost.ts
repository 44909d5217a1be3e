/**
 * The longest JSON a metric's value takes: a number such as `-1.7976931348623157e+308` (24
 * characters). Booleans, null, counts and completion reasons (`"max-ticks"`) are shorter.
 */
export const METRIC_VALUE_MAX_BYTES = 24;

/**
 * Bytes the results of an experiment may store, from arithmetic before it is queued
 * (docs/api.md, "Storage budget"): each run stores its metrics as one JSON object, counted by its
 * length, here with every value at its longest, so the estimate is an upper bound.
 */
export function estimateExperimentResultBytes(metrics: readonly string[], runs: number): number {
  const members = metrics.reduce((sum, key) => sum + JSON.stringify(key).length + 1 + METRIC_VALUE_MAX_BYTES, 0);
  const perRun = 2 + members + Math.max(0, metrics.length - 1);
  return runs * perRun;
}
