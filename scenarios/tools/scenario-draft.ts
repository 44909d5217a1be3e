/** What the scenario definitions share: the file shape and the deterministic placement helpers. */
import type { AgentInput } from '../../packages/engine/src/index.js';

/** A scenario file as the generator writes it (see generate-scenarios.ts). */
export type ScenarioFileDraft = {
  id: string;
  label: string;
  seed: number;
  tags: string[];
  note: string;
  nodeLabels: { x: string; y: string };
  initialState: {
    width: number;
    height: number;
    attractors: { id: string; x: number; y: number; depth: number; radius: number; capacity: number }[];
    terrain?: number[][];
  };
  rules: Record<string, number | number[]>;
  agents: AgentInput[];
};

export const round2 = (value: number): number => Math.round(value * 100) / 100;

/** Agents on a small jittered block around (cx, cy): integer patterns, no randomness. */
export function cluster(prefix: string, count: number, cx: number, cy: number, spread: number, extra: Partial<AgentInput> = {}): AgentInput[] {
  const agents: AgentInput[] = [];
  const side = 2 * spread + 1;
  for (let i = 0; i < count; i++) {
    agents.push({
      id: `${prefix}-${i}`,
      marker: { x: cx + ((i * 7) % side) - spread, y: cy + ((i * 5) % side) - spread },
      ...extra,
    });
  }
  return agents;
}

/** `count` agents on a `side` × `side` grid (2 400 on 128 × 128 for crowded-large), placed by the R2 low-discrepancy sequence (evenly, without randomness). */
export function crowd(count: number, side: number): AgentInput[] {
  const a1 = 0.7548776662466927;
  const a2 = 0.5698402909980532;
  const agents: AgentInput[] = [];
  for (let i = 0; i < count; i++) {
    const x = round2(((0.5 + a1 * (i + 1)) % 1) * (side - 1));
    const y = round2(((0.5 + a2 * (i + 1)) % 1) * (side - 1));
    agents.push({ id: `c${i}`, marker: { x, y }, ...(i % 4 === 0 ? { policy: { lambda: 1.5, gamma: 0.25 } } : {}) });
  }
  return agents;
}

