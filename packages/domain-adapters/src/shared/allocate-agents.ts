import { LIMITS } from '@sim/engine';

/** How many agents each site gets and how much of the domain quantity one agent stands for. */
export interface AgentAllocation {
  /** Domain units (people, units of demand, animals) that one agent stands for. */
  unitsPerAgent: number;
  /** Agents per site, in input order. */
  counts: number[];
}

/** Agents a scenario gets when the input leaves the scale to the adapter: fast to simulate. */
export const DEFAULT_AGENT_BUDGET = 1_000;

/**
 * Scales domain quantities down to agents: one agent per `unitsPerAgent` units, rounded, at
 * least one for a site with a positive amount. The scale is the caller's (`requested`) when it
 * keeps the total within the engine's limit, else the smallest scale that fits; when the caller
 * gives none, the total lands near `budget` agents.
 */
export function allocateAgents(amounts: readonly number[], requested: number | undefined, budget = DEFAULT_AGENT_BUDGET): AgentAllocation {
  const total = amounts.reduce((sum, amount) => sum + Math.max(0, amount), 0);
  const countFor = (unit: number) => amounts.map((amount) => (amount > 0 ? Math.max(1, Math.round(amount / unit)) : 0));
  const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);
  let unit = Math.max(requested ?? Math.max(1, total / budget), total / LIMITS.maxAgents);
  let counts = countFor(unit);
  // Raise the scale until the engine's agent limit holds (rounding and the one-agent floor can overshoot).
  while (sum(counts) > LIMITS.maxAgents) {
    unit *= 1.25;
    counts = countFor(unit);
  }
  return { unitsPerAgent: unit, counts };
}
