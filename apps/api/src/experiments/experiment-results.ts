import { createHash } from 'node:crypto';
import { canonicalJson } from '../idempotency/canonical-json.js';
import { combinationValues, type ExperimentSpec } from './experiment-spec.js';
import type { ExperimentRun } from './experiment-store.js';
import type { ParameterValue } from './parameter-paths.js';
import { summarize, type MetricStatistics } from './experiment-statistics.js';
import { METRIC_CATALOGUE, parseMetric } from '../engine-data/experiment-metrics.js';

/** A metric of the catalogue's `category` kind (completionReason): counted per value, not averaged. */
function isCategorical(metric: string): boolean {
  const parsed = parseMetric(metric);
  return typeof parsed !== 'string' && METRIC_CATALOGUE[parsed.name].kind === 'category';
}

export interface CombinationResults {
  index: number;
  values: Record<string, ParameterValue>;
  statistics: MetricStatistics[];
}

export interface ResultsSummary {
  runs: { total: number; done: number };
  combinations: CombinationResults[];
  /** SHA-256 (hex) of the canonical JSON of `runs` and `combinations`. */
  hash: string;
}

/**
 * The statistics of every combination over the runs finished so far (all of them once the
 * experiment completed). Pure: the same runs give the same bytes, hence the same hash; the
 * experiment's id and times are not part of it, so the same body submitted twice hashes the same.
 */
export function summarizeRuns(spec: ExperimentSpec, combinations: number, runsTotal: number, runs: readonly ExperimentRun[]): ResultsSummary {
  const byCombination = new Map<number, ExperimentRun[]>();
  for (const run of runs) {
    const list = byCombination.get(run.combination) ?? [];
    list.push(run);
    byCombination.set(run.combination, list);
  }
  const results: CombinationResults[] = [];
  for (let index = 0; index < combinations; index++) {
    const own = (byCombination.get(index) ?? []).sort((a, b) => a.replication - b.replication);
    results.push({
      index,
      values: combinationValues(spec, index),
      statistics: spec.metrics.map((metric) =>
        summarize(
          metric,
          own.map((run) => run.metrics[metric] ?? null),
          isCategorical(metric),
        ),
      ),
    });
  }
  const body = { runs: { total: runsTotal, done: runs.length }, combinations: results };
  return { ...body, hash: createHash('sha256').update(canonicalJson(body)).digest('hex') };
}
