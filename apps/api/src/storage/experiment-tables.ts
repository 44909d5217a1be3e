/**
 * The experiments feature's tables. JSON columns are text, timestamps ISO 8601 strings, as in
 * the simulation tables, so the same SQL runs on SQLite and PostgreSQL.
 */
export interface ExperimentsTable {
  id: string;
  organization_id: string;
  status: string;
  tier: string;
  scenario_id: string;
  /** ExperimentSpec JSON. */
  spec: string;
  combinations: number;
  runs_total: number;
  runs_done: number;
  runs_computed: number;
  /** Last experiment_events seq handed out. */
  event_seq: number;
  error: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface ExperimentRunsTable {
  experiment_id: string;
  combination: number;
  replication: number;
  /** bigint: a string from pg, read through Number(). */
  seed: number | string;
  inputs_hash: string;
  /** Metric values JSON, by metric name. */
  metrics: string;
  /** 1 when this experiment computed the run, 0 when it reused a stored result. */
  computed: number;
  finished_at: string;
  /** The process that recorded it (host:pid); null for runs stored before migration 0008. */
  recorded_by: string | null;
}

export interface RunResultsTable {
  inputs_hash: string;
  metrics: string;
  computations: number;
  created_at: string;
}

export interface ExperimentEventsTable {
  experiment_id: string;
  seq: number;
  type: string;
  data: string;
  created_at: string;
}

export interface ExperimentTables {
  experiments: ExperimentsTable;
  experiment_runs: ExperimentRunsTable;
  run_results: RunResultsTable;
  experiment_events: ExperimentEventsTable;
}
