import { LIMITS, type ScenarioInput } from '@sim/engine';
import { z } from 'zod';
import { defineAdapter } from '../domain-adapter.js';
import { allocateAgents } from '../shared/allocate-agents.js';
import { clamp, round } from '../shared/clamp.js';
import { entityIds } from '../shared/entity-ids.js';
import { siteScenario, type SiteSpec } from '../shared/site-scenario.js';

/** Tiers of a supply chain, upstream first; each is one row of the layout. */
export const SITE_ROLES = ['supplier', 'factory', 'warehouse', 'store'] as const;

const SiteSchema = z
  .object({
    name: z.string().min(1).max(100).describe('Name of the site, e.g. "Rotterdam DC"'),
    role: z.enum(SITE_ROLES).default('warehouse').describe('Tier of the site: supplier, factory, warehouse or store'),
    capacityPerDay: z.number().min(0).max(1e12).describe('Units the site can ship per day'),
    demandPerDay: z.number().min(0).max(1e12).describe('Units ordered from the site per day, on average'),
    leadTimeDays: z.number().min(0.5).max(365).default(7).describe('Days from placing a replenishment order to receiving it'),
    safetyStockDays: z.number().min(0).max(365).default(3).describe('Days of average demand held in reserve'),
  })
  .strict();

const DisruptionsSchema = z
  .object({
    perYear: z.number().min(0).max(365).default(2).describe('Expected disruptions per year (strikes, outages, port closures)'),
    severity: z.number().min(0).max(1).default(0.3).describe('How much of a hit site’s buffer one disruption wipes out (0 to 1)'),
  })
  .strict();

/** Input of the supply-chain adapter: sites with capacities, lead times and demand. */
export const SupplyChainInputSchema = z
  .object({
    seed: z.number().int().min(0).max(2_147_483_647).default(1).describe('Random seed; the same input and seed give the same run'),
    sites: z.array(SiteSchema).min(1).max(LIMITS.maxAttractors).describe('Sites of the network, each listed once'),
    demandVariability: z
      .number()
      .min(0)
      .max(2)
      .default(0.2)
      .describe('Coefficient of variation of daily demand (standard deviation / mean)'),
    orderSwitching: z
      .number()
      .min(0)
      .max(1)
      .default(0.3)
      .describe('How readily buyers move orders to another site (0 locked-in contracts, 1 spot buying)'),
    panicBuying: z.boolean().default(false).describe('Buyers hoard when a stock-out is forecast, instead of ordering elsewhere'),
    disruptions: DisruptionsSchema.prefault({}).describe('Random disruptions of sites'),
    unitsPerAgent: z
      .number()
      .min(0.001)
      .optional()
      .describe('Units of daily demand one simulated order stream stands for; chosen so that the run has about 1 000 agents when left out'),
  })
  .strict();
export type SupplyChainInput = z.output<typeof SupplyChainInputSchema>;

/** Share of demand above capacity a site rides out on its safety stock: safety stock days / lead time days. */
export function bufferCover(site: { safetyStockDays: number; leadTimeDays: number }): number {
  return site.safetyStockDays / site.leadTimeDays;
}

function weightedMean(values: number[], weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) return values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  return values.reduce((sum, value, i) => sum + value * (weights[i] as number), 0) / total;
}

function toScenario(input: SupplyChainInput): ScenarioInput {
  const { sites } = input;
  const names = sites.map((site) => site.name);
  const demand = sites.map((site) => site.demandPerDay);
  const { unitsPerAgent, counts } = allocateAgents(demand, input.unitsPerAgent);
  const basinIds = entityIds(names, 'in-stock');
  const agentPrefixes = entityIds(names, 'orders');

  const specs: SiteSpec[] = sites.map((site, index) => ({
    basinId: basinIds[index] as string,
    agentPrefix: agentPrefixes[index] as string,
    agents: counts[index] as number,
    capacity: site.capacityPerDay / unitsPerAgent,
    depth: 5,
    gamma: bufferCover(site),
    lambda: (site.leadTimeDays / 7) * (0.5 + input.demandVariability),
    homeWeight: 10 * (1 - 0.7 * input.orderSwitching),
  }));

  const rows = SITE_ROLES.map((role) => sites.flatMap((site, index) => (site.role === role ? [index] : []))).filter((row) => row.length > 0);
  const safetyStock = weightedMean(
    sites.map((site) => site.safetyStockDays),
    demand,
  );
  const leadTime = weightedMean(
    sites.map((site) => site.leadTimeDays),
    demand,
  );
  return siteScenario(specs, {
    seed: input.seed,
    rows,
    gap: 2,
    nodeLabels: { x: 'sites within a tier', y: 'tier, suppliers (low y) to stores (high y)' },
    rules: {
      erosionRate: round(clamp(1 / (1 + safetyStock), 0.005, 1)),
      recoveryRate: round(clamp(1 / leadTime, 0, 1)),
      shockRate: round(clamp(input.disruptions.perYear / 365, 0, 1), 6),
      shockMagnitude: round(input.disruptions.severity),
      reflexivity: input.panicBuying ? -0.5 : 0.5,
    },
  });
}

/**
 * Supply chain: sites with capacities, lead times, demand and safety stock; a stock-out is a
 * basin loss and its orders spill onto the other sites.
 */
export const supplyChainAdapter = defineAdapter({
  id: 'supply-chain',
  label: 'Supply chain network',
  description: [
    'Suppliers, factories, warehouses and stores with shipping capacity, demand, lead times and safety stock, one tick per day.',
    'Each site is an attractor whose basin is its in-stock state: capacity is what the site ships per day, in order streams; a basin loss is a stock-out, after which the site’s orders move to the other sites and can empty them in turn (a stock-out cascade).',
    'Agents are order streams, one per `unitsPerAgent` units of daily demand (about 1 000 agents by default), placed at the site they order from; `orderSwitching` loosens that tie.',
    'gamma (capacity/order) is buffer cover, safety stock days / lead time days: a buffered site carries demand up to capacity × (1 + cover).',
    'lambda (latency/chaos) is lead time in weeks × (0.5 + demand variability): long, erratic replenishment reacts late and noisily (the bullwhip).',
    'Rules: erosion 1 / (1 + safety stock days), recovery 1 / lead time, disruptions are random shocks, and panic buying makes buyers crowd into forecast stock-outs (negative reflexivity) instead of ordering elsewhere.',
  ].join(' '),
  inputSchema: SupplyChainInputSchema,
  example: {
    seed: 11,
    sites: [
      { name: 'Resin supplier', role: 'supplier', capacityPerDay: 5200, demandPerDay: 5000, leadTimeDays: 21, safetyStockDays: 10 },
      { name: 'Plant Lyon', role: 'factory', capacityPerDay: 2600, demandPerDay: 2500, leadTimeDays: 10, safetyStockDays: 4 },
      { name: 'Plant Porto', role: 'factory', capacityPerDay: 2200, demandPerDay: 2850, leadTimeDays: 10, safetyStockDays: 2 },
      { name: 'DC North', role: 'warehouse', capacityPerDay: 1800, demandPerDay: 1700, leadTimeDays: 5, safetyStockDays: 3 },
      { name: 'DC South', role: 'warehouse', capacityPerDay: 1500, demandPerDay: 1900, leadTimeDays: 5, safetyStockDays: 1 },
      { name: 'DC East', role: 'warehouse', capacityPerDay: 1600, demandPerDay: 1500, leadTimeDays: 6, safetyStockDays: 3 },
      { name: 'Store Paris', role: 'store', capacityPerDay: 700, demandPerDay: 650, leadTimeDays: 2, safetyStockDays: 2 },
      { name: 'Store Madrid', role: 'store', capacityPerDay: 600, demandPerDay: 700, leadTimeDays: 2, safetyStockDays: 0.5 },
      { name: 'Store Berlin', role: 'store', capacityPerDay: 650, demandPerDay: 600, leadTimeDays: 3, safetyStockDays: 2 },
    ],
    demandVariability: 0.3,
    orderSwitching: 0.3,
    panicBuying: false,
    disruptions: { perYear: 4, severity: 0.4 },
  },
  toScenario,
});
