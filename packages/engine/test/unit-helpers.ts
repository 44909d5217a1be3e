import { createHash } from 'node:crypto';
import type { EngineEvent, ScenarioInput, Simulation, TraceStep } from '../src/index.js';

type Rules = NonNullable<ScenarioInput['rules']>;

/**
 * A 12×12 field with two wells and three agents: small enough to read, busy enough that
 * agents move every tick. Prophecies are off unless the caller turns them on.
 */
export function tinyScenario(rules: Rules = {}): ScenarioInput {
  return {
    seed: 42,
    agents: [
      { id: 'a1', marker: { x: 2, y: 2 }, policy: { lambda: 0.5, gamma: 0.5 } },
      { id: 'a2', marker: { x: 9, y: 3 }, policy: { lambda: 1 } },
      { id: 'a3', marker: { x: 5, y: 9 }, attractorPreferences: { 'well-b': 2 } },
    ],
    initialState: {
      width: 12,
      height: 12,
      attractors: [
        { id: 'well-a', x: 3, y: 3, depth: 2, radius: 2, capacity: 10 },
        { id: 'well-b', x: 8, y: 8, depth: 3, radius: 2.5, capacity: 10 },
      ],
    },
    rules: { prophecyInterval: 0, ...rules },
  };
}

/**
 * Rules under which nothing moves by itself: no pull, drift, crowding or noise. A decree's
 * effect can then be read exactly from the state after its tick.
 */
export const STILL_RULES: Rules = { pull: 0, noise: 0, crowding: 0, terrainWeight: 0, prophecyInterval: 0 };

/**
 * A crowded field whose basins are overloaded: with prophecies on it yields losses, warnings,
 * prophecies and paradoxes within a few hundred ticks, on both engine versions.
 */
export function crowdedScenario(rules: Rules = {}): ScenarioInput {
  const agents = Array.from({ length: 60 }, (_, i) => ({
    id: `agent-${i}`,
    marker: { x: (i * 7) % 20, y: (i * 11) % 20 },
    policy: { lambda: (i % 5) * 0.3, gamma: (i % 3) * 0.4 },
    attractorPreferences: { [`well-${i % 3}`]: 2 },
  }));
  return {
    seed: 2024,
    agents,
    initialState: {
      width: 20,
      height: 20,
      attractors: [
        { id: 'well-0', x: 4, y: 4, depth: 2, radius: 2.5, capacity: 6 },
        { id: 'well-1', x: 15, y: 5, depth: 3, radius: 3, capacity: 8 },
        { id: 'well-2', x: 10, y: 15, depth: 2.5, radius: 2.5, capacity: 7 },
        // A haven no crowd can erode, so the simulation never collapses outright.
        { id: 'haven', x: 16, y: 16, depth: 1, radius: 2, capacity: 1000 },
      ],
    },
    rules: { prophecyInterval: 10, prophecyHorizon: 15, prophecyBranches: 4, erosionRate: 0.03, shockRate: 0.05, ...rules },
  };
}

/** Everything a run emits, one JSON line per event and per step, in emission order. */
export interface Recording {
  lines: string[];
  events: EngineEvent[];
  steps: TraceStep[];
}

/** Steps `ticks` ticks and records the events and trace steps as NDJSON lines. */
export function record(sim: Simulation, ticks: number, into: Recording = { lines: [], events: [], steps: [] }): Recording {
  sim.step(ticks, {
    onEvent: (event) => {
      into.events.push(event);
      into.lines.push(JSON.stringify(event));
    },
    onStep: (step) => {
      into.steps.push(step);
      into.lines.push(JSON.stringify(step));
    },
  });
  return into;
}

export function sha256(lines: readonly string[]): string {
  const hash = createHash('sha256');
  for (const line of lines) hash.update(line + '\n');
  return hash.digest('hex');
}
