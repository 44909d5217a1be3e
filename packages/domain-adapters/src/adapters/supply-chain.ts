import { LIMITS, type ScenarioInput } from '@sim/engine';
import { z } from 'zod';
import { defineAdapter } from '../domain-adapter.js';
import { allocateAgents } from '../shared/allocate-agents.js';
import { clamp, round } from '../shared/clamp.js';
import { entityIds } from '../shared/entity-ids.js';
import { siteScenario, type SiteSpec } from '../shared/site-scenario.js';
import { flagDuplicateNames } from '../shared/unique-names.js';
import { AdapterSeedSchema } from '../shared/seed.js';

/** Tiers of a supply chain, upstream first; each is one row of the layout. */
export const SITE_ROLES = ['supplier', 'factory', 'warehouse', 'store'] as const;

const SiteSchema = z
  .object({
    name: z.string().min(1).max(100).describe('Name of the site, e.g. "Rotterdam DC"'),
    role: z.enum(SITE_ROLES).default('warehouse').describe('Tier of the site: supplier, factory, warehouse or store'),
    supplier: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe(
        'Name of the site this one orders from, in a tier further upstream. Left out: the sites of the nearest upstream tier present, shared in turn in input order; the most upstream tier makes what it orders',
      ),
    capacityPerDay: z
      .number()
      .min(0)
      .max(1e12)
      .describe('Units the site can take in per day: production for the most upstream tier, inbound throughput below it; the site never orders more'),
    demandPerDay: z
      .number()
      .min(0)
      .max(1e12)
      .default(0)
      .describe('Mean daily demand of end customers who buy at this site (usually the stores); a site that supplies others also gets their orders'),
    leadTimeDays: z
      .number()
      .min(0.5)
      .max(365)
      .default(7)
      .describe('Days from placing an order (or starting production) to receiving it, rounded to whole days, at least 1'),
    safetyStockDays: z
      .number()
      .min(0)
      .max(365)
      .default(3)
      .describe('Safety stock in days of the mean demand the site sees (its end customers’ plus its customers’ orders); held at day 0'),
  })
  .strict();

const DisruptionsSchema = z
  .object({
    perYear: z.number().min(0).max(365).default(2).describe('Expected disruptions per site per year (fires, spoilage, theft), each on one day'),
    severity: z.number().min(0).max(1).default(0.3).describe('Share of the hit site’s stock one disruption destroys (0 to 1)'),
  })
  .strict();

/** Input of the supply-chain adapter: sites in tiers with capacities, lead times and demand. */
export const SupplyChainInputSchema = z
  .object({
    seed: AdapterSeedSchema,
    sites: z.array(SiteSchema).min(1).max(LIMITS.maxAttractors).describe('Sites of the network, each listed once'),
    demandVariability: z
      .number()
      .min(0)
      .max(2)
      .default(0.2)
      .describe(
        'Coefficient of variation of daily end-customer demand (standard deviation / mean), as drawn before demand is cut at 0: exact up to 0.29; above it the realized variation is lower and the mean higher (0.5: 0.49, mean +1 %; 1: 0.80, +9 %; 2: 1.05, +41 %)',
      ),
    forecastSmoothing: z
      .number()
      .min(0)
      .max(1)
      .default(0)
      .describe('Weight of each day’s demand in the smoothed forecast that sets a site’s order-up-to level; 0 keeps the forecast at the mean demand'),
    overOrdering: z
      .number()
      .min(0)
      .max(10)
      .default(1)
      .describe('How much sites over-order when a stock-out is forecast: orders × (1 + overOrdering × alarm); 0 for none'),
    orderSwitching: z
      .number()
      .min(0)
      .max(1)
      .default(0.3)
      .describe('Share of a stocked-out site’s new end-customer demand that goes to the site with stock instead (0 locked-in customers, 1 spot buying)'),
    panicBuying: z.boolean().default(false).describe('End customers also buy more when a stock-out is forecast, as the sites over-order'),
    stockOutToleranceDays: z
      .number()
      .gt(0)
      .max(365)
      .default(1)
      .describe('Back orders, in days of a site’s mean demand, it carries before the stock-out counts against it (its basin erodes)'),
    disruptions: DisruptionsSchema.prefault({}).describe('Random disruptions of sites'),
    unitsPerAgent: z
      .number()
      .min(0.001)
      .optional()
      .describe('Units of daily demand one simulated order stream stands for; chosen so that the run has about 1 000 agents when left out'),
  })
  .strict()
  .superRefine((input, ctx) => {
    flagDuplicateNames(input.sites, 'sites', 'site', ctx);
    input.sites.forEach((site, index) => {
      if (site.supplier === undefined) return;
      const matches = input.sites.flatMap((other, at) => (other.name === site.supplier ? [at] : []));
      if (matches.length !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['sites', index, 'supplier'],
          message: `supplier "${site.supplier}" must name exactly one site (${matches.length} do)`,
        });
        return;
      }
      const upstream = input.sites[matches[0] as number] as (typeof input.sites)[number];
      if (SITE_ROLES.indexOf(upstream.role) >= SITE_ROLES.indexOf(site.role)) {
        ctx.addIssue({
          code: 'custom',
          path: ['sites', index, 'supplier'],
          message: `supplier "${site.supplier}" is a ${upstream.role}, not in a tier upstream of a ${site.role}`,
        });
      }
    });
  });
export type SupplyChainInput = z.output<typeof SupplyChainInputSchema>;

/** Share of a day of demand a site's safety stock covers per day of lead time: safety stock days / lead time days. */
export function bufferCover(site: { safetyStockDays: number; leadTimeDays: number }): number {
  return site.safetyStockDays / site.leadTimeDays;
}

/**
 * Who each site orders from (an index, or null for a site that makes its own): the named
 * supplier, else the sites of the nearest upstream tier present, in turn.
 *
 * @example
 * suppliersOf(input.sites); // [null, 0, 0, 1, 2, 1] for a supplier, two factories, three DCs
 */
export function suppliersOf(sites: SupplyChainInput['sites']): (number | null)[] {
  const tiers = SITE_ROLES.map((role) => sites.flatMap((site, index) => (site.role === role ? [index] : [])));
  const turn = SITE_ROLES.map(() => 0);
  return sites.map((site) => {
    if (site.supplier !== undefined) return sites.findIndex((other) => other.name === site.supplier);
    const tier = SITE_ROLES.indexOf(site.role);
    for (let upstream = tier - 1; upstream >= 0; upstream -= 1) {
      const candidates = tiers[upstream] as number[];
      if (candidates.length === 0) continue;
      const pick = candidates[(turn[tier] as number) % candidates.length] as number;
      turn[tier] = (turn[tier] as number) + 1;
      return pick;
    }
    return null;
  });
}

/**
 * The mean daily demand each site sees: its end customers' plus what its customers can take
 * in (their own mean demand, capped by their capacity). Sizes the order streams (agents).
 */
function meanDemands(sites: SupplyChainInput['sites'], suppliers: readonly (number | null)[]): number[] {
  const memo = new Map<number, number>();
  const demandOf = (index: number): number => {
    const known = memo.get(index);
    if (known !== undefined) return known;
    let demand = (sites[index] as SupplyChainInput['sites'][number]).demandPerDay;
    suppliers.forEach((supplier, customer) => {
      if (supplier === index) demand += Math.min(demandOf(customer), (sites[customer] as SupplyChainInput['sites'][number]).capacityPerDay);
    });
    memo.set(index, demand);
    return demand;
  };
  return sites.map((_, index) => demandOf(index));
}

function weightedMean(values: number[], weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  return values.reduce((sum, value, i) => sum + value * (weights[i] as number), 0) / total;
}

/** Lead time of the model: whole days, at least one. */
const wholeDays = (days: number) => Math.max(1, Math.round(days));

function toScenario(input: SupplyChainInput): ScenarioInput {
  const { sites } = input;
  const names = sites.map((site) => site.name);
  const suppliers = suppliersOf(sites);
  const demand = meanDemands(sites, suppliers);
  const { counts } = allocateAgents(demand, input.unitsPerAgent);
  const basinIds = entityIds(names, 'in-stock');
  const agentPrefixes = entityIds(names, 'orders');

  const specs: SiteSpec[] = sites.map((site, index) => ({
    basinId: basinIds[index] as string,
    agentPrefix: agentPrefixes[index] as string,
    agents: counts[index] as number,
    // The model sets load and capacity every tick; this is the tolerance at day 0, in units.
    capacity: input.stockOutToleranceDays * (demand[index] as number),
    depth: 5,
    gamma: bufferCover(site),
    lambda: (site.leadTimeDays / 7) * (0.5 + input.demandVariability),
    homeWeight: 10 * (1 - 0.7 * input.orderSwitching),
  }));

  const rows = SITE_ROLES.map((role) => sites.flatMap((site, index) => (site.role === role ? [index] : []))).filter((row) => row.length > 0);
  const leadTime = weightedMean(
    sites.map((site) => wholeDays(site.leadTimeDays)),
    demand,
  );
  const scenario = siteScenario(specs, {
    seed: input.seed,
    rows,
    gap: 2,
    nodeLabels: { x: 'sites within a tier', y: 'tier, suppliers (low y) to stores (high y)' },
    rules: {
      // docs/engine.md, "Supply chain": a backlog over the tolerance erodes the basin at
      // depth0 × (backlog / tolerance − 1) a day, so a stock-out that lasts is lost in days.
      erosionRate: 1,
      recoveryRate: round(clamp(1 / leadTime, 0, 1)),
      shockRate: 0,
      reflexivity: 0.5,
    },
  });
  return {
    ...scenario,
    domain: {
      model: 'stock-flow',
      parameters: {
        sites: sites.map((site, index) => ({
          name: site.name,
          attractor: basinIds[index] as string,
          supplier: suppliers[index] ?? null,
          capacityPerDay: site.capacityPerDay,
          demandPerDay: site.demandPerDay,
          leadTimeDays: wholeDays(site.leadTimeDays),
          safetyStockDays: site.safetyStockDays,
        })),
        demandVariability: input.demandVariability,
        forecastSmoothing: input.forecastSmoothing,
        reactionStrength: input.overOrdering,
        panicBuying: input.panicBuying,
        orderSwitching: input.orderSwitching,
        disruptionsPerDay: input.disruptions.perYear / 365,
        disruptionSeverity: input.disruptions.severity,
        stockOutToleranceDays: input.stockOutToleranceDays,
      },
    },
  };
}

/**
 * Supply chain as stocks and flows: sites in tiers that order from each other with lead times
 * (the engine's `stock-flow` model); a lasting stock-out erodes the site's basin until it is lost.
 */
export const supplyChainAdapter = defineAdapter({
  id: 'supply-chain',
  label: 'Supply chain network',
  description: [
    'Suppliers, factories, warehouses and stores as stocks and flows (the engine’s `stock-flow` model), one tick per day; docs/engine.md, "Supply chain", states the equations and their validation.',
    'Each site holds stock, owes a backlog and has shipments in transit for `leadTimeDays`. Every day it receives what arrives, ships what its stock allows of what its end customers (`demandPerDay`, varying day to day by `demandVariability`) and the sites it supplies have ordered (sharing in proportion when short), and orders from its `supplier` up to forecast demand × lead time + safety stock over stock − backlog + on order, never more than `capacityPerDay`; the most upstream tier makes what it orders.',
    'So a site whose demand exceeds its capacity runs down its safety stock at demand − capacity and runs out after safety stock ÷ (demand − capacity) days, and a site whose supplier runs out runs out in turn.',
    'Each site is an attractor whose basin is its in-stock state: its load is its backlog and its capacity `stockOutToleranceDays` of its mean demand, and with erosion rate 1 a backlog over that tolerance loses the basin within days.',
    'The reaction: when the engine forecasts a site’s stock-out, the site’s orders grow by (1 + `overOrdering` × alarm) (and its end customers’ demand too with `panicBuying`), which makes order variance grow upstream (the bullwhip) and can make the forecast shortage happen.',
    '`orderSwitching` sends that share of a stocked-out site’s end-customer demand to the site with stock; `disruptions` destroy `severity` of a site’s stock on `perYear`/365 of its days.',
    'Agents are order streams, one per `unitsPerAgent` units of the daily demand a site sees (about 1 000 agents by default): their belief in the forecast sets the alarm, and the model, not their own load, sets the basin’s pressure.',
    'Their policies shape how they move on the grid: gamma (capacity/order) is buffer cover, safety stock days / lead time days; lambda (latency/chaos) is lead time in weeks × (0.5 + demand variability).',
    'Validation (docs/engine.md, "Supply chain"): with nobody reacting, the stock-out day read from `state.domain` is safety stock ÷ (demand − capacity) within 5 % for four sites and three seeds (and for the mean of eight seeds with demand variability 0.05); on a line of four tiers each tier orders what it is asked with nobody reacting, and with the reaction order variance grows tier by tier upstream (the bullwhip); a store whose end customers panic-buy turns a stock-out forecast at no more than 1 in 4 without the reaction into one of at least 9 in 10 with it, a self-fulfilling verdict, and is lost on each of four seeds where with reflexivity 0 it stands; without panic buying no verdict is self-fulfilling and the store stands.',
  ].join(' '),
  inputSchema: SupplyChainInputSchema,
  domainModel: 'stock-flow',
  example: {
    seed: 11,
    sites: [
      { name: 'Resin supplier', role: 'supplier', capacityPerDay: 5200, leadTimeDays: 21, safetyStockDays: 10 },
      { name: 'Plant Lyon', role: 'factory', capacityPerDay: 2600, leadTimeDays: 10, safetyStockDays: 4 },
      { name: 'Plant Porto', role: 'factory', capacityPerDay: 2200, leadTimeDays: 10, safetyStockDays: 2 },
      { name: 'DC North', role: 'warehouse', supplier: 'Plant Lyon', capacityPerDay: 1900, leadTimeDays: 5, safetyStockDays: 3 },
      { name: 'DC South', role: 'warehouse', supplier: 'Plant Porto', capacityPerDay: 1600, leadTimeDays: 5, safetyStockDays: 1 },
      { name: 'DC East', role: 'warehouse', supplier: 'Plant Porto', capacityPerDay: 1500, leadTimeDays: 6, safetyStockDays: 3 },
      { name: 'Store Paris', role: 'store', capacityPerDay: 1900, demandPerDay: 1700, leadTimeDays: 2, safetyStockDays: 2 },
      { name: 'Store Madrid', role: 'store', capacityPerDay: 1600, demandPerDay: 1500, leadTimeDays: 2, safetyStockDays: 0.5 },
      { name: 'Store Berlin', role: 'store', capacityPerDay: 1500, demandPerDay: 1350, leadTimeDays: 3, safetyStockDays: 2 },
    ],
    demandVariability: 0.3,
    forecastSmoothing: 0,
    overOrdering: 1,
    orderSwitching: 0.3,
    panicBuying: false,
    stockOutToleranceDays: 1,
    disruptions: { perYear: 4, severity: 0.4 },
  },
  toScenario,
});
