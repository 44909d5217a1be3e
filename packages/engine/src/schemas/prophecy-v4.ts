import { z } from 'zod';
import { PointSchema } from './identifier.js';
import { ProbabilityIntervalSchema, ProphecyVerdictSchema } from './prophecy-v3.js';

/**
 * A 1.3.0 verdict: the 1.2.0 verdicts, each given only when the 95 % interval of the effect
 * lies wholly beyond (or within) the threshold, and `inconclusive` when it straddles one even
 * with the most branches allowed.
 *
 * @example
 * const verdict: CalibratedVerdict = 'inconclusive';
 */
export const CalibratedVerdictSchema = z
  .enum([...ProphecyVerdictSchema.options, 'inconclusive'])
  .describe(
    'As in prophecy/3, decided on the 95 % interval of the effect: self-fulfilling (the loss likelier within the horizon), self-defeating (less likely, also over the window), ' +
      'postponing (less likely within the horizon but not over the window, or as likely but later), hastening (as likely but sooner), neutral (no effect beyond the thresholds, or no loss seen at all); ' +
      'inconclusive when the interval straddles a threshold with the most branches allowed',
  );
/**
 * A 1.3.0 verdict.
 *
 * @example
 * if (basin.attribution.verdict === 'inconclusive') console.log('no effect can be told from noise');
 */
export type CalibratedVerdict = z.infer<typeof CalibratedVerdictSchema>;

/**
 * One ensemble's forecast of one basin in a 1.3.0 prophecy.
 *
 * @example
 * const cf: EnsembleForecastV4 = basin.attribution.withoutReaction;
 */
export const EnsembleForecastV4Schema = z.object({
  lossProbability: z.number().describe('Share of branches that lost the basin within the horizon'),
  lossProbabilityInterval: ProbabilityIntervalSchema,
  expectedLossTick: z.number().nullable().describe('Mean tick of loss over the branches that lost it within the horizon'),
  windowLossProbability: z
    .number()
    .nullable()
    .describe(
      'Share that lost it within the window (twice the horizon); null for a basin not followed past the horizon (only those the counterfactual lost in some branch are)',
    ),
});
/**
 * One ensemble's forecast of one basin in a 1.3.0 prophecy.
 *
 * @example
 * console.log(forecast.lossProbability, forecast.windowLossProbability);
 */
export type EnsembleForecastV4 = z.infer<typeof EnsembleForecastV4Schema>;

/**
 * The reaction's effect on one basin, with minus without, paired branch by branch, with 95 % intervals.
 *
 * @example
 * const { lossProbability, lossProbabilityInterval }: EffectV4 = basin.attribution.effect;
 */
export const EffectV4Schema = z.object({
  lossProbability: z.number(),
  lossProbabilityInterval: z.object({ low: z.number(), high: z.number() }).describe("Newcombe's interval of a paired difference of proportions"),
  windowLossProbability: z.number().nullable(),
  windowLossProbabilityInterval: z.object({ low: z.number(), high: z.number() }).nullable(),
  expectedLossTick: z
    .number()
    .nullable()
    .describe('Mean shift of the loss tick over the branches that lost the basin within the horizon in both; 0 when neither ensemble lost it'),
  expectedLossTickInterval: z.object({ low: z.number(), high: z.number() }).nullable().describe('Its t interval; null with fewer than two such branches'),
});
/**
 * The reaction's effect on one basin, with intervals.
 *
 * @example
 * const effect: EffectV4 = data.basins['market']!.attribution.effect;
 */
export type EffectV4 = z.infer<typeof EffectV4Schema>;

/**
 * What a 1.3.0 prophecy did to the loss of one basin during its reign.
 *
 * @example
 * const { verdict, branches }: AttributionV4 = data.basins['market']!.attribution;
 */
export const AttributionV4Schema = z.object({
  branches: z.number().int().describe('Branch pairs compared: prophecyBranches, more when the first ones left the verdict open'),
  withoutReaction: EnsembleForecastV4Schema.describe('The branches with the agents reacting to no prophecy'),
  withReaction: EnsembleForecastV4Schema.describe('The same branches with the agents reacting to this prophecy while it reigns'),
  effect: EffectV4Schema,
  verdict: CalibratedVerdictSchema,
});
/**
 * What a 1.3.0 prophecy did to one basin.
 *
 * @example
 * console.log(attribution.verdict, attribution.effect.lossProbabilityInterval);
 */
export type AttributionV4 = z.infer<typeof AttributionV4Schema>;

/**
 * One basin of a 1.3.0 prophecy.
 *
 * @example
 * const basin: ProphecyBasinV4 = data.basins['market']!;
 */
export const ProphecyBasinV4Schema = z.object({
  lossProbability: z.number().describe('The published forecast, which agents react to'),
  lossProbabilityInterval: ProbabilityIntervalSchema,
  expectedLossTick: z.number().nullable(),
  expectedDepth: z.number().describe('Mean depth at the horizon'),
  depthSpread: z.number().describe('Standard deviation of the depth at the horizon'),
  attribution: AttributionV4Schema,
});
/**
 * One basin of a 1.3.0 prophecy.
 *
 * @example
 * console.log(basin.lossProbability, basin.attribution.verdict);
 */
export type ProphecyBasinV4 = z.infer<typeof ProphecyBasinV4Schema>;

/**
 * One forecast the fixed-point search tried: the loss probability said, and the one the
 * reaction to it gives.
 *
 * @example
 * const tried: FixedPointTrial = { forecast: 0.5, reaction: 0.4375 };
 */
export const FixedPointTrialSchema = z.object({ forecast: z.number(), reaction: z.number() });
/**
 * One forecast the fixed-point search tried.
 *
 * @example
 * const gap = (trial: FixedPointTrial): number => trial.reaction - trial.forecast;
 */
export type FixedPointTrial = z.infer<typeof FixedPointTrialSchema>;

/**
 * The fixed-point search of one contested basin.
 *
 * @example
 * const search: FixedPointBasin = data.fixedPoint!.basins['doomed']!;
 */
export const FixedPointBasinSchema = z.object({
  trials: z.array(FixedPointTrialSchema).describe('Every forecast tried, in order'),
  roots: z
    .array(FixedPointTrialSchema.extend({ stable: z.boolean() }))
    .describe('Forecasts consistent with the reaction to them, within the tolerance; stable when the reaction pulls nearby forecasts towards it'),
  published: z.number(),
  reason: z.string().describe('Why the published forecast was chosen'),
});
/**
 * The fixed-point search of one basin.
 *
 * @example
 * if (search.roots.length > 1) console.log('several consistent forecasts:', search.roots);
 */
export type FixedPointBasin = z.infer<typeof FixedPointBasinSchema>;

/**
 * How the 1.3.0 fixed-point search went (rule `fixedPointIterations` > 0).
 *
 * @example
 * if (data.fixedPoint?.status === 'unstable') console.log('no consistent forecast for', Object.keys(data.fixedPoint.basins));
 */
export const FixedPointV4Schema = z.object({
  status: z
    .enum(['converged', 'unstable'])
    .describe('converged: every contested basin is published at a consistent forecast; unstable: some basin has none within the tolerance'),
  evaluations: z.number().int().describe('Reaction ensembles the search ran, each over the horizon'),
  tolerance: z.number(),
  basins: z
    .record(z.string(), FixedPointBasinSchema)
    .describe('The contested basins: those whose counterfactual forecast the reaction moves by more than the tolerance'),
});
/**
 * How the 1.3.0 fixed-point search went.
 *
 * @example
 * const converged = (fixed: FixedPointV4 | null): boolean => fixed?.status === 'converged';
 */
export type FixedPointV4 = z.infer<typeof FixedPointV4Schema>;

/**
 * `prophecy.data` of engine 1.3.0: forecasts calibrated against their own reaction, verdicts
 * on the prophecy's reign with stated confidence, and a root-finding fixed-point search.
 *
 * @example
 * if (data.schema === 'prophecy/4') console.log(data.reign, data.branchTicks);
 */
export const ProphecyDataV4Schema = z.object({
  schema: z.literal('prophecy/4'),
  tick: z.number().int(),
  horizon: z.number().int(),
  window: z
    .number()
    .int()
    .describe('Ticks the attribution ensembles looked ahead: twice the horizon for the basins the counterfactual lost in some branch, else the horizon'),
  reign: z
    .number()
    .int()
    .describe('Ticks the forecast stands in the branches before the next prophecy replaces it: the prophecy interval, at most the horizon'),
  branches: z.number().int().describe('Branches of the published forecast'),
  ensembles: z.number().int().describe('Ensembles run: the counterfactual, the reaction, and the fixed-point trials'),
  branchTicks: z.number().int().describe('Ticks computed for this prophecy over every branch of every ensemble: its cost'),
  confidence: z.number().describe('Agreement of the branches: 1 when every basin forecast is 0 or 1'),
  basins: z.record(z.string(), ProphecyBasinV4Schema),
  expectedCentroid: PointSchema.nullable(),
  stability: z.object({ mean: z.number(), min: z.number(), max: z.number() }),
  fixedPoint: FixedPointV4Schema.nullable().describe('null unless the rule fixedPointIterations is above 0'),
});
/**
 * `prophecy.data` of engine 1.3.0.
 *
 * @example
 * if (data.schema === 'prophecy/4') { const v4: ProphecyDataV4 = data; console.log(v4.fixedPoint?.status); }
 */
export type ProphecyDataV4 = z.infer<typeof ProphecyDataV4Schema>;
