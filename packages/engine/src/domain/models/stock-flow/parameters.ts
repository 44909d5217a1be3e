import { z } from 'zod';
import { LIMITS } from '../../../limits.js';
import { EntityIdSchema } from '../../../schemas/identifier.js';

const StockFlowSiteSchema = z
  .object({
    name: z.string().min(1).max(100).describe('Name of the site, shown in `state.domain.sites[].name`'),
    attractor: EntityIdSchema.describe('Attractor whose basin is this site: its backlog erodes it'),
    supplier: z
      .number()
      .int()
      .min(0)
      .nullable()
      .default(null)
      .describe('Index (in `sites`) of the site this one orders from; null: the site makes what it orders itself (the top tier)'),
    capacityPerDay: z
      .number()
      .min(0)
      .max(1e12)
      .describe('Units the site can take in per day: production (top tier) or inbound throughput; its orders never exceed it'),
    demandPerDay: z.number().min(0).max(1e12).default(0).describe('Mean daily demand of end customers placed directly at the site (the most downstream tier)'),
    leadTimeDays: z.number().int().min(1).max(365).describe('Days from placing an order (or starting production) to receiving it'),
    safetyStockDays: z.number().min(0).max(365).describe('Safety stock, in days of the mean demand the site sees; also its stock at day 0'),
  })
  .strict();

/**
 * Parameters of the `stock-flow` model: sites in tiers that order from each other
 * (docs/engine.md, "Supply chain").
 *
 * @example
 * StockFlowParametersSchema.parse({ sites: [{ name: 'Porto', attractor: 'porto', capacityPerDay: 2200, demandPerDay: 2850, leadTimeDays: 10, safetyStockDays: 2 }] });
 */
export const StockFlowParametersSchema = z
  .object({
    sites: z.array(StockFlowSiteSchema).min(1).max(LIMITS.maxAttractors).describe('Sites of the network'),
    demandVariability: z.number().min(0).max(2).default(0).describe('Coefficient of variation of daily end-customer demand (standard deviation / mean)'),
    forecastSmoothing: z
      .number()
      .min(0)
      .max(1)
      .default(0)
      .describe('Weight of today’s demand in the exponentially smoothed forecast that sets the order-up-to level (0: the forecast stays at the mean)'),
    reactionStrength: z.number().min(0).max(10).default(1).describe('Over-ordering under a forecast shortage: orders × (1 + reactionStrength × alarm)'),
    panicBuying: z.boolean().default(false).describe('End customers also multiply their demand by (1 + reactionStrength × alarm)'),
    orderSwitching: z
      .number()
      .min(0)
      .max(1)
      .default(0)
      .describe(
        'Share of a stocked-out site’s new end-customer demand that goes instead to the site with end customers and no back orders that holds the most stock',
      ),
    disruptionsPerDay: z.number().min(0).max(1).default(0).describe('Chance per site and day of a disruption'),
    disruptionSeverity: z.number().min(0).max(1).default(0).describe('Share of the site’s stock one disruption destroys'),
    stockOutToleranceDays: z
      .number()
      .gt(0)
      .max(365)
      .default(1)
      .describe('Backlog, in days of the site’s mean demand, the site carries before its basin erodes'),
  })
  .strict()
  .superRefine((parameters, ctx) => {
    const { sites } = parameters;
    const seen = new Set<string>();
    sites.forEach((site, index) => {
      if (seen.has(site.attractor))
        ctx.addIssue({ code: 'custom', path: ['sites', index, 'attractor'], message: `attractor ${site.attractor} is bound to two sites` });
      seen.add(site.attractor);
      if (site.supplier === null) return;
      if (site.supplier >= sites.length) {
        ctx.addIssue({ code: 'custom', path: ['sites', index, 'supplier'], message: `no site ${site.supplier}` });
        return;
      }
      // Follow the chain of suppliers: it must reach a top-tier site within `sites.length` steps.
      let at: number | null = site.supplier;
      for (let hops = 0; at !== null; hops += 1) {
        if (at === index || hops > sites.length) {
          ctx.addIssue({ code: 'custom', path: ['sites', index, 'supplier'], message: 'suppliers form a cycle' });
          return;
        }
        at = sites[at]?.supplier ?? null;
      }
    });
  });

/**
 * Parameters of the `stock-flow` model, defaults filled in.
 *
 * @example
 * const p: StockFlowParameters = StockFlowParametersSchema.parse(raw);
 */
export type StockFlowParameters = z.output<typeof StockFlowParametersSchema>;
