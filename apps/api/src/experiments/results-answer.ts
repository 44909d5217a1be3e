import { runTable, toCsv, toParquet } from './experiment-export.js';
import { summarizeRuns, type ResultsSummary } from './experiment-results.js';
import type { ExperimentRecord, ExperimentRun } from './experiment-store.js';
import type { ExperimentView } from './experiment-view.js';

/** The JSON answer: the statistics of every combination, with the experiment's id and status. */
export interface ExperimentResultsView extends ResultsSummary {
  experimentId: string;
  status: ExperimentView['status'];
}

/** What GET …/results answers: the statistics as JSON, or every run as CSV or Parquet. */
export type ResultsFormat = 'json' | 'csv' | 'parquet';

/**
 * The body of GET /v1/experiments/{id}/results for an experiment and its runs: the same bytes
 * wherever it is made (the request thread, or the event loop of a server without one).
 */
export function resultsAnswer(record: ExperimentRecord, runs: readonly ExperimentRun[], format: ResultsFormat): string | Uint8Array {
  if (format === 'json') {
    const view: ExperimentResultsView = {
      experimentId: record.id,
      status: record.status,
      ...summarizeRuns(record.spec, record.combinations, record.runsTotal, runs),
    };
    return JSON.stringify(view);
  }
  const table = runTable(record.spec, runs);
  return format === 'csv' ? toCsv(table) : toParquet(record.spec, table);
}
