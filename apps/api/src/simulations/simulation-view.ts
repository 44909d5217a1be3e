import { isEngineVersion, type EngineState, type EngineVersion } from '@sim/engine';
import type { SimulationRecord } from '../storage/simulation-store.js';
import type { LifecycleStatus } from './lifecycle.js';

/** The engine state with its `status` replaced by the lifecycle status, as every response gives it. */
export type SimulationState = Omit<EngineState, 'status'> & { status: LifecycleStatus };

export interface SimulationView {
  id: string;
  scenarioId: string;
  organizationId: string;
  engineVersion: EngineVersion;
  state: SimulationState;
  createdAt: string;
}

export function stateView(state: EngineState, status: LifecycleStatus): SimulationState {
  return { ...state, status };
}

/** Stored versions were checked when the simulation was created; anything else is corruption. */
export function engineVersionOf(version: string): EngineVersion {
  if (!isEngineVersion(version)) throw new Error(`stored simulation has an unknown engine version "${version}"`);
  return version;
}

export function simulationView(record: SimulationRecord): SimulationView {
  return {
    id: record.id,
    scenarioId: record.scenarioId,
    organizationId: record.organizationId,
    engineVersion: engineVersionOf(record.engineVersion),
    state: stateView(record.state, record.status),
    createdAt: record.createdAt,
  };
}
