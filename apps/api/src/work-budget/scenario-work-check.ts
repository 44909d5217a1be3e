import { DEFAULT_ENGINE_VERSION } from '@sim/engine';
import { DEFAULT_TIER_LIMITS, largestWorkCeiling } from '../identity/tier-limits.js';
import type { ValidationProblem } from '../lib/api-error.js';
import { branchForkCost, forksPerBranch, peakTickCost, scenarioShape, tickWeight } from '../engine-data/work-cost.js';

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * A scenario whose single prophecy tick costs more than any tier may ask in one request could
 * never advance one tick: refused when it is validated, with the arithmetic. `pathPrefix` is
 * where the scenario sits in the body ('' for a scenario file). A scenario file is weighed at
 * the default engine version, the one a client gets without pinning another.
 */
export function scenarioWorkProblems(
  scenario: Parameters<typeof scenarioShape>[0],
  largestCeiling: number = largestWorkCeiling(DEFAULT_TIER_LIMITS),
  pathPrefix = '',
  engineVersion: string = DEFAULT_ENGINE_VERSION,
): ValidationProblem[] {
  const shape = scenarioShape(scenario, engineVersion);
  const peak = peakTickCost(shape);
  if (peak <= largestCeiling) return [];
  return [
    {
      path: [pathPrefix, 'rules'].filter((p) => p !== '').join('.'),
      message:
        `a prophecy tick costs ${count(peak)} agent-ticks under engine ${engineVersion} (${count(tickWeight(shape))} a tick of ${count(Math.max(1, shape.agents))} agents among ${shape.attractors} attractors × (1 + ${shape.branches} branches × ${shape.branchTicks} ticks a branch: horizon ${shape.horizon}${shape.branchTicks === shape.horizon ? '' : ', every ensemble counted'}), ` +
        `plus ${count(shape.branches * forksPerBranch(shape))} branch forks of ${count(branchForkCost(shape))} on a grid of ${count(shape.cells)} cells), ` +
        `more than any tier allows in one request (${count(largestCeiling)}); lower prophecyBranches, prophecyHorizon or fixedPointIterations, or use fewer agents`,
    },
  ];
}
