import { isEngineVersion, type EngineState, type EngineVersion } from '@sim/engine';
import type { ForkOrigin, SimulationRecord } from './simulation-store.js';
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
  /** For a fork, the simulation it branched off and the tick it branched at; otherwise null. */
  parent: ForkOrigin | null;
}

export function stateView(state: EngineState, status: LifecycleStatus): SimulationState {
  return { ...state, status };
}

/** Stored versions were checked when the simulation was created; anything else is corruption. */
export function engineVersionOf(version: string): EngineVersion {
  if (!isEngineVersion(version)) throw new Error(`stored simulation has an unknown engine version "${version}"`);
  return version;
}

/** Views of shared records, built once per record (they go when the record does). */
const sharedViews = new WeakMap<SimulationRecord, SimulationView>();

/**
 * The view of a record. A frozen record is a store's cached copy, read by many requests: its
 * view is built once and frozen too, so that its JSON can be kept beside it (see jsonOnce).
 */
export function simulationView(record: SimulationRecord): SimulationView {
  if (!Object.isFrozen(record)) return buildView(record);
  let view = sharedViews.get(record);
  if (view === undefined) {
    view = buildView(record);
    Object.freeze(view.state);
    sharedViews.set(record, Object.freeze(view));
  }
  return view;
}

function buildView(record: SimulationRecord): SimulationView {
  return {
    id: record.id,
    scenarioId: record.scenarioId,
    organizationId: record.organizationId,
    engineVersion: engineVersionOf(record.engineVersion),
    state: stateView(record.state, record.status),
    createdAt: record.createdAt,
    parent: record.parent === null ? null : { id: record.parent.id, atTick: record.parent.atTick },
  };
}
