import { randomUUID } from 'node:crypto';
import { Simulation, type ScenarioInput } from '@sim/engine';
import type { NewSimulation, SimulationChanges, SimulationUpdate } from '../../../src/simulations/simulation-store.js';

export const ORG = '6f1d7c1e-2b7a-4c1e-9a55-0d6a4b3c2e1f';
export const OTHER_ORG = '0b9d7e2e-9f4c-4f7e-8a55-1a2b3c4d5e6f';

/** Two agents on a small field: a real engine state and snapshot, a few KB. */
export const SCENARIO: ScenarioInput = {
  seed: 7,
  agents: [
    { id: 'a1', marker: { x: 1, y: 1 } },
    { id: 'a2', marker: { x: 6, y: 5 } },
  ],
  initialState: { width: 8, height: 8, attractors: [{ id: 'w', x: 4, y: 4, depth: 2, radius: 3, capacity: 10 }] },
};

export const noChanges = (at: string): SimulationChanges => ({ at, inputs: [], prophecies: [], events: [] });

/** A new simulation at tick 0 (or `overrides`), with a fresh id. */
export function newSimulation(overrides: Partial<NewSimulation> = {}): NewSimulation {
  const engine = Simulation.create(SCENARIO);
  return {
    id: randomUUID(),
    organizationId: ORG,
    scenarioId: 'inline',
    engineVersion: engine.snapshot().engineVersion,
    scenario: SCENARIO,
    status: 'paused',
    tick: 0,
    state: engine.state(),
    snapshot: engine.snapshot(),
    createdAt: '2030-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** The engine state and snapshot after `ticks` ticks of SCENARIO. */
export function engineAt(ticks: number): Pick<SimulationUpdate, 'tick' | 'state' | 'snapshot'> {
  const engine = Simulation.create(SCENARIO);
  engine.step(ticks);
  return { tick: ticks, state: engine.state(), snapshot: engine.snapshot() };
}

/** An update of `simulationId` from `expectedVersion` to the state after `ticks`, writing nothing else. */
export function stepUpdate(simulationId: string, expectedVersion: number, ticks: number, changes: Partial<SimulationChanges> = {}): SimulationUpdate {
  return {
    simulationId,
    expectedVersion,
    status: 'paused',
    ...engineAt(ticks),
    ...noChanges(`2030-01-01T00:00:${String(ticks % 60).padStart(2, '0')}.000Z`),
    ...changes,
  };
}
