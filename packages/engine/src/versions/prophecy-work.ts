import type { ResolvedRules } from '../schemas/rules.js';
import { fixedPointBudget, verdictBranchLimit } from '../model/calibrated/prophesy-calibrated.js';
import { ENGINE_VERSIONS, versionFeatures } from './registry.js';

/** The rules that decide how far one prophecy's branches run. */
export type ProphecyWorkRules = Pick<ResolvedRules, 'prophecyHorizon' | 'fixedPointIterations'>;

/**
 * At most how many ticks each branch of one prophecy runs, summed over every ensemble the
 * prophecy computes, so that a service can weigh a request before any work starts (one
 * prophecy costs about agents × prophecyBranches × this). 1.0.0 and 1.1.0 run one ensemble of
 * `prophecyHorizon` ticks. 1.2.0 runs the counterfactual and at least one reaction ensemble (one
 * per fixed-point iteration when that mode is on), each over twice the horizon so that a
 * postponed loss is seen (docs/engine.md, "Attribution and verdicts (1.2.0)"). 1.3.0 may double
 * the branches of both while a verdict is open, and adds the fixed-point trials (docs/engine.md,
 * "Calibrated prophecies (1.3.0)"). An unknown
 * version is weighed as the costliest one served.
 *
 * @example
 * prophecyBranchTicks('1.1.0', { prophecyHorizon: 20, fixedPointIterations: 0 }); // 20
 * prophecyBranchTicks('1.2.0', { prophecyHorizon: 20, fixedPointIterations: 0 }); // 80
 * prophecyBranchTicks('1.3.0', { prophecyHorizon: 20, fixedPointIterations: 0 }); // 160
 */
export function prophecyBranchTicks(engineVersion: string, rules: ProphecyWorkRules): number {
  const features = versionFeatures(engineVersion);
  if (features === undefined) return Math.max(...ENGINE_VERSIONS.map((version) => prophecyBranchTicks(version, rules)));
  if (!features.attributedProphecies) return rules.prophecyHorizon;
  if (features.calibratedProphecies) {
    // The counterfactual and the reaction over the window, each with up to twice the branches
    // (sequential verdicts), and the fixed-point trials over the horizon.
    const ensembles = 2 * (verdictBranchLimit(1) * 2 * rules.prophecyHorizon);
    return ensembles + fixedPointBudget(rules.fixedPointIterations) * rules.prophecyHorizon;
  }
  const ensembles = 1 + Math.max(1, rules.fixedPointIterations);
  return ensembles * 2 * rules.prophecyHorizon;
}
