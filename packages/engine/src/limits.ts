/**
 * Hard limits on what one scenario may ask of the engine (docs/api.md, "Limits"; docs/engine.md gives each where it applies).
 *
 * @example
 * if (agents.length > LIMITS.maxAgents) throw new Error(`at most ${LIMITS.maxAgents} agents`);
 */
export const LIMITS = {
  /** Most agents in one simulation, counting those added by decrees. */
  maxAgents: 10_000,
  /** Largest grid side, in cells. */
  maxGridSide: 256,
  /** Smallest grid side, in cells. */
  minGridSide: 2,
  /** Most attractors alive at once; keeps a tick O(agents × a small constant). */
  maxAttractors: 64,
  /** Longest identifier of an agent or attractor. */
  maxIdLength: 64,
  /** Prophecy ensembles: most branches and the longest look-ahead. */
  maxProphecyBranches: 32,
  maxProphecyHorizon: 500,
  /** Fixed-point prophecies (1.2.0): most reaction ensembles one prophecy may run. */
  maxFixedPointIterations: 8,
} as const;
