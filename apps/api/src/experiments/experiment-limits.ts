import type { Tier } from '../identity/auth-context.js';

/** What one organization may ask of experiments (docs/api.md, "Experiments", "Limits"). */
export interface ExperimentLimits {
  /** Combinations × replications of one experiment; above it: 400 at `vary` (or `replications`). */
  runsPerExperiment: number;
  /** Experiments of the organization computing at once; the others wait in its queue. */
  concurrent: number;
  /** Experiments of the organization waiting to start; a submission beyond it: 429. */
  queued: number;
}

export type ExperimentLimitsTable = Readonly<Record<Tier, ExperimentLimits>>;

export const DEFAULT_EXPERIMENT_LIMITS: ExperimentLimitsTable = {
  free: { runsPerExperiment: 1_000, concurrent: 1, queued: 2 },
  pro: { runsPerExperiment: 10_000, concurrent: 2, queued: 10 },
  enterprise: { runsPerExperiment: 100_000, concurrent: 4, queued: 50 },
};

/** Values of one range or list of `vary`, at most. */
export const MAX_VALUES_PER_PATH = 1_000;
/** Parameter paths of one experiment, at most. */
export const MAX_VARIED_PATHS = 8;
/** Metrics of one experiment, at most. */
export const MAX_METRICS = 32;
