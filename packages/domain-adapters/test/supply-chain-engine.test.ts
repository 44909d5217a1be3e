import { Simulation, type EngineEvent, type ScenarioInput } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import { supplyChainAdapter, SupplyChainInputSchema } from '../src/adapters/supply-chain.js';

/** What `state().domain` shows of a supply chain. */
interface SiteView {
  name: string;
  stock: number;
  backlog: number;
  ordered: number;
  received: number;
  demand: number;
  shipped: number;
}
const sitesOf = (simulation: Simulation): SiteView[] => {
  const domain = simulation.state().domain as { model: string; sites: SiteView[] } | undefined;
  expect(domain?.model).toBe('stock-flow');
  return domain?.sites ?? [];
};

const scenarioOf = (raw: Record<string, unknown>, rules: Record<string, unknown> = {}): ScenarioInput => {
  const scenario = supplyChainAdapter.toScenario(SupplyChainInputSchema.parse(raw));
  return { ...scenario, rules: { ...scenario.rules, ...rules } };
};

interface OneSite {
  demand: number;
  capacity: number;
  safetyStockDays: number;
  leadTimeDays: number;
}
const oneSite = (site: OneSite, seed: number, extra: Record<string, unknown> = {}) => ({
  seed,
  demandVariability: 0,
  disruptions: { perYear: 0 },
  unitsPerAgent: 20,
  ...extra,
  sites: [
    {
      name: 'Porto',
      role: 'factory',
      capacityPerDay: site.capacity,
      demandPerDay: site.demand,
      leadTimeDays: site.leadTimeDays,
      safetyStockDays: site.safetyStockDays,
    },
  ],
});
const textbookDay = (site: OneSite) => (site.safetyStockDays * site.demand) / (site.demand - site.capacity);

/** The stock-out day read from `state().domain`, within the day (docs/engine.md, "Supply chain"). */
function stockOutDay(simulation: Simulation, days: number): number {
  let before = sitesOf(simulation)[0]!;
  for (let day = 1; day <= days; day += 1) {
    simulation.step(1);
    const today = sitesOf(simulation)[0]!;
    if (today.backlog > 1e-9 * today.demand) return day - 1 + before.stock / (today.demand - today.received);
    before = today;
  }
  return Infinity;
}

const CASES: OneSite[] = [
  { demand: 2850, capacity: 2200, safetyStockDays: 2, leadTimeDays: 10 },
  { demand: 1000, capacity: 900, safetyStockDays: 2, leadTimeDays: 5 },
  { demand: 500, capacity: 450, safetyStockDays: 3, leadTimeDays: 21 },
  { demand: 120, capacity: 100, safetyStockDays: 16, leadTimeDays: 7 },
];

describe('supply chain through the engine (default version): nobody reacting', () => {
  it.each(CASES)('the stock-out day in state().domain is safety stock ÷ (demand − capacity) within 5 %% (%o)', (site) => {
    for (const seed of [1, 2, 3]) {
      const day = stockOutDay(Simulation.create(scenarioOf(oneSite(site, seed), { reflexivity: 0 })), 200);
      expect(Math.abs(day / textbookDay(site) - 1)).toBeLessThan(0.05);
    }
    const noisy = [1, 2, 3, 4, 5, 6, 7, 8].map((seed) =>
      stockOutDay(Simulation.create(scenarioOf(oneSite(site, seed, { demandVariability: 0.05 }), { reflexivity: 0 })), 200),
    );
    const mean = noisy.reduce((a, b) => a + b, 0) / noisy.length;
    expect(Math.abs(mean / textbookDay(site) - 1)).toBeLessThan(0.05);
  });

  it('the basin is lost on a stock-out that lasts (Porto on day 16), never on a site within its capacity', () => {
    const lossDay = (site: OneSite) => {
      let day = Infinity;
      Simulation.create(scenarioOf(oneSite(site, 1), { reflexivity: 0 })).step(120, {
        onEvent: (event: EngineEvent) => {
          if (event.type === 'loss' && day === Infinity) day = event.data.tick;
        },
      });
      return day;
    };
    expect(lossDay(CASES[0]!)).toBe(16);
    expect(lossDay({ ...CASES[0]!, capacity: 2900 })).toBe(Infinity);
  });
  it('demand variability alone loses a store whose mean demand is 10 % under its capacity: never without it in a year', () => {
    const firstLoss = (seed: number, demandVariability: number) => {
      let day: number | null = null;
      const store = { name: 'Store', role: 'store', capacityPerDay: 1000, demandPerDay: 900, leadTimeDays: 2, safetyStockDays: 1 };
      Simulation.create(
        scenarioOf({ seed, demandVariability, orderSwitching: 0, disruptions: { perYear: 0 }, unitsPerAgent: 20, sites: [store] }, { reflexivity: 0 }),
      ).step(365, {
        onEvent: (event: EngineEvent) => {
          if (event.type === 'loss' && day === null) day = event.data.tick;
        },
      });
      return day;
    };
    for (const seed of [1, 2, 3]) {
      expect(firstLoss(seed, 0)).toBeNull();
      expect(firstLoss(seed, 0.5)).not.toBeNull();
    }
  });
});

describe('supply chain through the engine: over-ordering under forecast shortages (the bullwhip)', () => {
  const variance = (values: readonly number[]) => {
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    return values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
  };
  // A line of four tiers with capacity to spare, thin safety stocks and erratic store demand, so
  // that stock-outs are forecast now and then; a prophecy every 5 days.
  const line = (seed: number, reflexivity: number) =>
    scenarioOf(
      {
        seed,
        demandVariability: 0.4,
        overOrdering: 3,
        orderSwitching: 0,
        disruptions: { perYear: 0 },
        unitsPerAgent: 20,
        sites: [
          { name: 'Supplier', role: 'supplier', capacityPerDay: 2000, leadTimeDays: 5, safetyStockDays: 0.5 },
          { name: 'Factory', role: 'factory', capacityPerDay: 2000, leadTimeDays: 4, safetyStockDays: 0.5 },
          { name: 'DC', role: 'warehouse', capacityPerDay: 2000, leadTimeDays: 3, safetyStockDays: 0.5 },
          { name: 'Store', role: 'store', capacityPerDay: 2000, demandPerDay: 1000, leadTimeDays: 2, safetyStockDays: 0.5 },
        ],
      },
      { reflexivity, prophecyInterval: 5 },
    );
  /** Variance of the store's demand and of each tier's orders, store first, over the store's demand's. */
  const ratios = (seed: number, reflexivity: number) => {
    const series: number[][] = [[], [], [], [], []];
    Simulation.create(line(seed, reflexivity)).step(150, {
      onStep: (step) => {
        const sites = (step.state.domain as unknown as { sites: SiteView[] }).sites;
        series[0]!.push(sites[3]!.demand);
        [3, 2, 1, 0].forEach((site, tier) => series[tier + 1]!.push(sites[site]!.ordered));
      },
    });
    const demand = variance(series[0]!);
    return series.slice(1).map((orders) => variance(orders) / demand);
  };

  it.each([1, 2])('seed %i: with nobody reacting each tier orders what it is asked; with the reaction order variance grows tier by tier upstream', (seed) => {
    for (const ratio of ratios(seed, 0)) expect(Math.abs(ratio - 1)).toBeLessThan(0.05);
    const [store, dc, factory, supplier] = ratios(seed, 0.5) as [number, number, number, number];
    expect(store).toBeGreaterThan(1.2);
    expect(dc).toBeGreaterThan(store);
    // The supplier, rarely alarmed itself, passes on about what the factory orders.
    expect(factory).toBeGreaterThan(0.98 * dc);
    expect(supplier).toBeGreaterThan(0.98 * factory);
    expect(supplier).toBeGreaterThan(1.05 * store);
  });
});

describe('supply chain through the engine: determinism', () => {
  const example = SupplyChainInputSchema.parse(supplyChainAdapter.example);

  it('the same input gives a byte-identical trace, with the domain state in every step', () => {
    const trace = () => {
      const lines: string[] = [];
      Simulation.create(supplyChainAdapter.toScenario(example)).step(80, {
        onStep: (step) => lines.push(JSON.stringify(step)),
        onEvent: (event) => lines.push(JSON.stringify(event)),
      });
      return lines;
    };
    const first = trace();
    expect(trace().join('\n')).toBe(first.join('\n'));
    const steps = first.map((line) => JSON.parse(line) as { state?: { domain?: { model: string } } }).filter((line) => line.state !== undefined);
    expect(steps).toHaveLength(80);
    expect(steps.every((step) => step.state?.domain?.model === 'stock-flow')).toBe(true);
  });

  it('a snapshot restored mid-run reproduces the domain state on every later day', () => {
    const original = Simulation.create(supplyChainAdapter.toScenario(example));
    original.step(33);
    const restored = Simulation.restore(JSON.parse(JSON.stringify(original.snapshot())));
    expect(restored.state().domain).toEqual(original.state().domain);
    for (let day = 0; day < 60; day += 1) {
      original.step(1);
      restored.step(1);
      expect(JSON.stringify(restored.state().domain)).toBe(JSON.stringify(original.state().domain));
    }
    expect(restored.snapshot()).toEqual(original.snapshot());
  });
});
