import { parquetWriteBuffer, type ColumnSource } from 'hyparquet-writer';
import { METRIC_CATALOGUE, parseMetric, type MetricValue } from '../engine-data/experiment-metrics.js';
import { combinationValues, type ExperimentSpec } from './experiment-spec.js';
import type { ExperimentRun } from './experiment-store.js';
import type { ParameterValue } from './parameter-paths.js';

/**
 * The runs as a table, one row per run (docs/api.md, "Experiments", "Exports"): `combination`,
 * one column per varied path (sorted, as the combinations number them), `replication`, `seed`,
 * one column per metric in the order asked. Rows by combination, then replication.
 */
export interface RunTable {
  columns: string[];
  rows: Array<Array<ParameterValue | MetricValue>>;
}

export function runTable(spec: ExperimentSpec, runs: readonly ExperimentRun[]): RunTable {
  const paths = spec.parameters.map((p) => p.path);
  const columns = ['combination', ...paths, 'replication', 'seed', ...spec.metrics];
  const rows = runs.map((run) => {
    const values = combinationValues(spec, run.combination);
    return [run.combination, ...paths.map((p) => values[p] as ParameterValue), run.replication, run.seed, ...spec.metrics.map((m) => run.metrics[m] ?? null)];
  });
  return { columns, rows };
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled; null is empty. */
function csvField(value: ParameterValue | MetricValue | string): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(table: RunTable): string {
  const lines = [table.columns.map(csvField).join(','), ...table.rows.map((row) => row.map(csvField).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The same rows as Parquet (hyparquet-writer): integers as INT32 (the seed INT64), numbers as
 * DOUBLE, booleans as BOOLEAN, text as STRING, every metric column nullable. A varied path whose
 * values mix types is written as STRING.
 */
export function toParquet(spec: ExperimentSpec, table: RunTable): Uint8Array {
  const columnData: ColumnSource[] = table.columns.map((name, index) => {
    const data = table.rows.map((row) => row[index] ?? null);
    if (name === 'combination' || name === 'replication') return { name, data: data as number[], type: 'INT32', nullable: false };
    if (name === 'seed') return { name, data: data.map((v) => BigInt(v as number)), type: 'INT64', nullable: false };
    const metric = spec.metrics.includes(name) ? parseMetric(name) : undefined;
    if (metric !== undefined && typeof metric !== 'string') {
      const kind = METRIC_CATALOGUE[metric.name].kind;
      if (kind === 'boolean') return { name, data, type: 'BOOLEAN', nullable: true };
      if (kind === 'category') return { name, data, type: 'STRING', nullable: true };
      return { name, data, type: 'DOUBLE', nullable: true };
    }
    if (data.every((v) => typeof v === 'number')) return { name, data, type: 'DOUBLE', nullable: false };
    if (data.every((v) => typeof v === 'boolean')) return { name, data, type: 'BOOLEAN', nullable: false };
    return { name, data: data.map((v) => (v === null ? null : String(v))), type: 'STRING', nullable: true };
  });
  return new Uint8Array(parquetWriteBuffer({ columnData }));
}
