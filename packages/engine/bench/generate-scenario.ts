import type { ScenarioInput } from '../src/index.js';

type RulesInput = NonNullable<ScenarioInput['rules']>;

export interface GenerateOptions {
  seed: number;
  agents: number;
  /** Grid side, in cells (square grid). */
  side: number;
  attractors: number;
  /** Capacity of every basin; generous by default so that a benchmark does not collapse early. */
  capacity?: number;
  terrain?: boolean;
  rules?: RulesInput;
}

/**
 * A scenario built from a small integer hash of the indices, not from Math.random, so that the
 * same options always give the same scenario (and benchmarks compare like with like).
 */
export function generateScenario(options: GenerateOptions): ScenarioInput {
  const { seed, agents, side, attractors, capacity = agents * 4 } = options;
  // Weyl-style sequence in [0, 1): cheap, deterministic and well spread.
  const frac = (i: number, salt: number): number => ((((i + 1) * 0.6180339887498949 + salt * 0.7548776662466927 + seed * 0.5698402909980532) % 1) + 1) % 1;
  const max = side - 1;
  const wells = Array.from({ length: attractors }, (_, a) => ({
    id: `well-${a}`,
    x: Math.round(frac(a, 1) * max * 100) / 100,
    y: Math.round(frac(a, 2) * max * 100) / 100,
    depth: 1 + 3 * frac(a, 3),
    radius: 2 + (side / 8) * frac(a, 4),
    capacity,
  }));
  return {
    seed,
    agents: Array.from({ length: agents }, (_, i) => ({
      id: `agent-${i}`,
      marker: { x: Math.round(frac(i, 5) * max * 100) / 100, y: Math.round(frac(i, 6) * max * 100) / 100 },
      policy: { lambda: Math.round(frac(i, 7) * 200) / 100, gamma: Math.round(frac(i, 8) * 200) / 100 },
      attractorPreferences: attractors > 0 ? { [`well-${i % attractors}`]: 1 + Math.round(frac(i, 9) * 2) } : {},
    })),
    initialState: {
      width: side,
      height: side,
      attractors: wells,
      ...(options.terrain
        ? { terrain: Array.from({ length: side }, (_, y) => Array.from({ length: side }, (_, x) => Math.sin(x / 5) + Math.cos(y / 7))) }
        : {}),
    },
    ...(options.rules ? { rules: options.rules } : {}),
  };
}
