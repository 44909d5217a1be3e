import type { EngineVersion } from '@sim/engine';
import type { ExperimentStatus } from './experiment-status.js';
import type { ExperimentRecord } from './experiment-store.js';
import type { ParameterValue } from './parameter-paths.js';

/** An experiment as every route answers it (docs/api.md, "Experiments"). */
export interface ExperimentView {
  id: string;
  organizationId: string;
  status: ExperimentStatus;
  scenarioId: string;
  /** A simulation base: the simulation and the tick its runs fork at; null otherwise. */
  baseSimulation: { id: string; atTick: number } | null;
  engineVersion: EngineVersion;
  parameters: Array<{ path: string; values: ParameterValue[] }>;
  combinations: number;
  replications: number;
  seed: number;
  ticks: number;
  metrics: string[];
  runs: { total: number; done: number; computed: number; reused: number };
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  estimatedSecondsLeft: number | null;
  error: string | null;
}

export function experimentView(record: ExperimentRecord, estimatedSecondsLeft: number | null): ExperimentView {
  const { spec } = record;
  return {
    id: record.id,
    organizationId: record.organizationId,
    status: record.status,
    scenarioId: record.scenarioId,
    baseSimulation: spec.base.kind === 'simulation' ? { id: spec.base.simulationId, atTick: spec.base.atTick } : null,
    engineVersion: spec.engineVersion as EngineVersion,
    parameters: spec.parameters.map((p) => ({ path: p.path, values: [...p.values] })),
    combinations: record.combinations,
    replications: spec.replications,
    seed: spec.seed,
    ticks: spec.ticks,
    metrics: [...spec.metrics],
    runs: { total: record.runsTotal, done: record.runsDone, computed: record.runsComputed, reused: record.runsDone - record.runsComputed },
    createdAt: record.createdAt,
    startedAt: record.startedAt,
    finishedAt: record.finishedAt,
    estimatedSecondsLeft: record.status === 'running' ? estimatedSecondsLeft : null,
    error: record.error,
  };
}
