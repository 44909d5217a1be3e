import { z } from 'zod';
import { PointSchema } from './identifier.js';

/**
 * A probability's 95 % Wilson score interval for an ensemble of `branches` runs: narrow for a
 * large ensemble, wide for a small one, never outside 0…1.
 *
 * @example
 * ProbabilityIntervalSchema.parse({ low: 0.47, high: 1 }); // 8 of 8 branches lost the basin
 */
export const ProbabilityIntervalSchema = z.object({ low: z.number(), high: z.number() });
/**
 * A probability's interval.
 *
 * @example
 * const { low, high }: ProbabilityInterval = data.basins['market']!.lossProbabilityInterval;
 */
export type ProbabilityInterval = z.infer<typeof ProbabilityIntervalSchema>;

/**
 * What a prophecy did to the loss of one basin, judged by comparing the ensemble in which the
 * agents react to it with the same ensemble (same random streams) in which they do not.
 *
 * @example
 * if (basin.attribution.verdict === 'self-defeating') console.log('the warning saved it');
 */
export const ProphecyVerdictSchema = z
  .enum(['self-fulfilling', 'self-defeating', 'postponing', 'hastening', 'neutral'])
  .describe(
    'self-fulfilling: the reaction made the loss likelier within the horizon; self-defeating: less likely, also over the window; postponing: later (within the horizon less likely, or the same but later on average) yet still within the window; hastening: as likely but sooner; neutral: no effect beyond the thresholds',
  );
/**
 * A prophecy's verdict on its own effect on one basin.
 *
 * @example
 * const verdict: ProphecyVerdict = 'postponing';
 */
export type ProphecyVerdict = z.infer<typeof ProphecyVerdictSchema>;

/**
 * One ensemble's forecast of one basin.
 *
 * @example
 * const cf: EnsembleForecast = basin.attribution.withoutReaction;
 */
export const EnsembleForecastSchema = z.object({
  lossProbability: z.number().describe('Share of branches that lost the basin within the horizon'),
  lossProbabilityInterval: ProbabilityIntervalSchema,
  expectedLossTick: z.number().nullable().describe('Mean tick of loss over the branches that lost it within the horizon'),
  windowLossProbability: z.number().describe('Share of branches that lost it within the window (twice the horizon)'),
});
/**
 * One ensemble's forecast of one basin.
 *
 * @example
 * console.log(forecast.lossProbability, forecast.windowLossProbability);
 */
export type EnsembleForecast = z.infer<typeof EnsembleForecastSchema>;

/**
 * The prophecy's effect on one basin: with the reaction minus without it.
 *
 * @example
 * ProphecyAttributionSchema.shape.effect.parse({ lossProbability: -1, windowLossProbability: 0, expectedLossTick: null });
 */
export const ProphecyAttributionSchema = z.object({
  withoutReaction: EnsembleForecastSchema.describe('The same ensemble with the agents not reacting to this prophecy'),
  withReaction: EnsembleForecastSchema.describe('The ensemble with the agents reacting to this prophecy as published'),
  effect: z.object({
    lossProbability: z.number(),
    windowLossProbability: z.number(),
    expectedLossTick: z.number().nullable().describe('0 when neither ensemble lost the basin within the horizon; null when only one did'),
  }),
  verdict: ProphecyVerdictSchema,
});
/**
 * The prophecy's effect on one basin.
 *
 * @example
 * const { effect, verdict }: ProphecyAttribution = data.basins['market']!.attribution;
 */
export type ProphecyAttribution = z.infer<typeof ProphecyAttributionSchema>;

/**
 * One basin's forecast in a version 1.2.0 prophecy.
 *
 * @example
 * const basin: ProphecyBasinV3 = data.basins['market']!;
 */
export const ProphecyBasinV3Schema = z.object({
  lossProbability: z.number().describe('The published forecast, which agents react to'),
  lossProbabilityInterval: ProbabilityIntervalSchema,
  expectedLossTick: z.number().nullable(),
  expectedDepth: z.number().describe('Mean depth at the horizon'),
  depthSpread: z.number().describe('Standard deviation of the depth at the horizon'),
  attribution: ProphecyAttributionSchema,
});
/**
 * One basin's forecast in a version 1.2.0 prophecy.
 *
 * @example
 * console.log(basin.lossProbability, basin.attribution.verdict);
 */
export type ProphecyBasinV3 = z.infer<typeof ProphecyBasinV3Schema>;

/**
 * How the fixed-point search of a prophecy went (rule `fixedPointIterations` > 0).
 *
 * @example
 * if (data.fixedPoint?.status === 'unstable') console.log(data.fixedPoint.history);
 */
export const FixedPointSchema = z.object({
  status: z.enum(['converged', 'unstable']),
  iterations: z.number().int().describe('Reaction ensembles run'),
  tolerance: z.number(),
  history: z.record(z.string(), z.array(z.number())).describe('Per basin, the loss probability of each forecast tried, the unreacted one first'),
});
/**
 * How the fixed-point search of a prophecy went.
 *
 * @example
 * const converged = (fixed: FixedPoint | null): boolean => fixed?.status === 'converged';
 */
export type FixedPoint = z.infer<typeof FixedPointSchema>;

/**
 * `prophecy.data` of engine 1.2.0: the 1.1.0 forecast with intervals, the counterfactual
 * attribution of every basin and the fixed-point search.
 *
 * @example
 * Simulation.create(scenario, { engineVersion: '1.2.0' }).step(25, { onEvent: (e) => e.type === 'prophecy' && ProphecyDataV3Schema.parse(e.data.data) });
 */
export const ProphecyDataV3Schema = z.object({
  schema: z.literal('prophecy/3'),
  tick: z.number().int(),
  horizon: z.number().int(),
  window: z.number().int().describe('Ticks the attribution ensembles look ahead: twice the horizon'),
  branches: z.number().int(),
  ensembles: z.number().int().describe('Ensembles run for this prophecy: its cost is ensembles × branches × window ticks'),
  confidence: z.number().describe('Agreement of the branches: 1 when every basin forecast is 0 or 1'),
  basins: z.record(z.string(), ProphecyBasinV3Schema),
  expectedCentroid: PointSchema.nullable(),
  stability: z.object({ mean: z.number(), min: z.number(), max: z.number() }),
  fixedPoint: FixedPointSchema.nullable().describe('null unless the rule fixedPointIterations is above 0'),
});
/**
 * `prophecy.data` of engine 1.2.0.
 *
 * @example
 * if (data.schema === 'prophecy/3') { const v3: ProphecyDataV3 = data; console.log(v3.fixedPoint?.status); }
 */
export type ProphecyDataV3 = z.infer<typeof ProphecyDataV3Schema>;
