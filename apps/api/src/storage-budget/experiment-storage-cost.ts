/**
 * The longest JSON a metric's value takes: a number such as `-1.7976931348623157e+308` (24
 * characters). Booleans, null, counts and completion reasons (`"max-ticks"`) are shorter.
 */
export const METRIC_VALUE_MAX_BYTES = 24;

/**
 * A run's metrics are stored three times: in its row, in the result shared by runs of the same
 * inputs, and in its `run` event. Each is counted (docs/api.md, "Storage budget").
 */
export const METRIC_COPIES_PER_RUN = 3;

/**
 * What a run stores besides its metrics, counted as this many bytes: its row's other columns
 * (ids, seed, inputs hash, times: about 170), its shared result's (about 100) and its event's
 * (about 170).
 */
export const RUN_FIXED_BYTES = 512;

/**
 * What an experiment stores besides its spec, counted as this many bytes: its row's other
 * columns and its status events (queued, running, finished).
 */
export const EXPERIMENT_FIXED_BYTES = 1_024;

/**
 * Bytes the runs of an experiment may store, from arithmetic before it is queued
 * (docs/api.md, "Storage budget"): each run's metrics as one JSON object, every value at its
 * longest, in each of its copies, and its fixed part; an upper bound of what is counted.
 */
export function estimateExperimentResultBytes(metrics: readonly string[], runs: number): number {
  const members = metrics.reduce((sum, key) => sum + Buffer.byteLength(JSON.stringify(key)) + 1 + METRIC_VALUE_MAX_BYTES, 0);
  const perRun = 2 + members + Math.max(0, metrics.length - 1);
  return runs * (METRIC_COPIES_PER_RUN * perRun + RUN_FIXED_BYTES);
}

/**
 * Bytes an experiment's own row stores: its spec (the plan, with an inline scenario or a
 * simulation's state at atTick, as stored) and its fixed part.
 */
export function experimentSpecBytes(spec: unknown): number {
  return Buffer.byteLength(JSON.stringify(spec)) + EXPERIMENT_FIXED_BYTES;
}
