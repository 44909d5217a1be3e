import { describe, expect, it } from 'vitest';
import { stockFlowModel } from '../../src/domain/models/stock-flow/index.js';
import { domainModel } from '../../src/domain/registry.js';
import { openStream, resumeStream } from '../../src/rng/random-stream.js';
import { runStockFlow, stockFlowParameters, stockOutDay, variance } from './stock-flow-run.js';

interface OneSite {
  demand: number;
  capacity: number;
  safetyStockDays: number;
  leadTimeDays: number;
}

const oneSite = ({ demand, capacity, safetyStockDays, leadTimeDays }: OneSite, extra: Record<string, unknown> = {}) =>
  stockFlowParameters({
    ...extra,
    sites: [{ name: 'Porto', attractor: 'porto', capacityPerDay: capacity, demandPerDay: demand, leadTimeDays, safetyStockDays }],
  });

/** The textbook: safety stock runs down at demand − capacity. */
const textbookDay = (site: OneSite) => (site.safetyStockDays * site.demand) / (site.demand - site.capacity);

// Porto of the adapter's example (8.8 days, where the old adapter said 70), and others from 10 to 100 days.
const CASES: OneSite[] = [
  { demand: 2850, capacity: 2200, safetyStockDays: 2, leadTimeDays: 10 },
  { demand: 1000, capacity: 900, safetyStockDays: 2, leadTimeDays: 5 },
  { demand: 1000, capacity: 800, safetyStockDays: 10, leadTimeDays: 1 },
  { demand: 500, capacity: 450, safetyStockDays: 3, leadTimeDays: 21 },
  { demand: 1900, capacity: 1500, safetyStockDays: 1, leadTimeDays: 5 },
  { demand: 120, capacity: 100, safetyStockDays: 16, leadTimeDays: 7 },
];
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

describe('stock-flow model: one site against safety stock ÷ (demand − capacity)', () => {
  it.each(CASES)('without variability the stock-out day is the textbook’s within 5 %% (%o)', (site) => {
    for (const seed of [1, 2, 3]) {
      const day = stockOutDay(runStockFlow(oneSite(site), 400, seed), 0);
      expect(Math.abs(day / textbookDay(site) - 1)).toBeLessThan(0.05);
    }
  });

  it('the first day with unshipped demand is the textbook day rounded up', () => {
    for (const site of CASES) {
      const views = runStockFlow(oneSite(site), 400, 1);
      const first = views.findIndex((view) => view.sites[0]!.backlog > 1e-6);
      expect(first).toBe(Math.floor(textbookDay(site)) + 1);
    }
  });

  it.each(CASES)('with demand variability 0.05 the mean over ten seeds is within 5 %% (%o)', (site) => {
    const days = SEEDS.map((seed) => stockOutDay(runStockFlow(oneSite(site, { demandVariability: 0.05 }), 400, seed), 0));
    const mean = days.reduce((a, b) => a + b, 0) / days.length;
    expect(Math.abs(mean / textbookDay(site) - 1)).toBeLessThan(0.05);
    // The draws are real: the seeds disagree.
    expect(new Set(days).size).toBeGreaterThan(1);
  });

  it('safety stock only delays the stock-out: twice the stock, twice the days, and no stock is extra capacity', () => {
    const site = CASES[1]!;
    const once = stockOutDay(runStockFlow(oneSite(site), 400, 1), 0);
    const twice = stockOutDay(runStockFlow(oneSite({ ...site, safetyStockDays: 2 * site.safetyStockDays }), 400, 1), 0);
    expect(twice / once).toBeCloseTo(2, 6);
    const huge = runStockFlow(oneSite({ ...site, safetyStockDays: 60 }), 1000, 1);
    expect(stockOutDay(huge, 0)).toBeCloseTo(textbookDay({ ...site, safetyStockDays: 60 }), 6);
    // Once out, the site ships its capacity and no more; the backlog grows at demand − capacity.
    const last = huge.at(-1)!.sites[0]!;
    expect(last.shipped).toBeCloseTo(site.capacity, 6);
    expect(huge.at(-1)!.sites[0]!.backlog - huge.at(-2)!.sites[0]!.backlog).toBeCloseTo(site.demand - site.capacity, 6);
  });

  it('a site with capacity to spare and steady demand holds its safety stock for ever', () => {
    const views = runStockFlow(oneSite({ demand: 900, capacity: 1000, safetyStockDays: 3, leadTimeDays: 7 }), 365, 1);
    expect(stockOutDay(views, 0)).toBe(Infinity);
    expect(views.at(-1)!.sites[0]!.stock).toBeCloseTo(2700, 6);
    expect(views.at(-1)!.sites[0]!.ordered).toBeCloseTo(900, 6);
  });
});

describe('stock-flow model: demand variability causes stock-outs', () => {
  const site = { demand: 900, capacity: 1000, safetyStockDays: 0.5, leadTimeDays: 5 };
  const outDays = (cv: number, seed: number) =>
    runStockFlow(oneSite(site, { demandVariability: cv }), 365, seed)
      .slice(1)
      .filter((view) => view.sites[0]!.backlog > 1e-6).length;

  it('a site whose mean demand is within capacity runs out on erratic days, more often as demand grows more erratic', () => {
    for (const seed of [1, 2, 3]) {
      expect(outDays(0, seed)).toBe(0);
      expect(outDays(0.2, seed)).toBeGreaterThan(0);
      expect(outDays(0.6, seed)).toBeGreaterThan(outDays(0.2, seed));
    }
  });

  it('the same seed draws the same demand; another seed another', () => {
    const demands = (seed: number) => runStockFlow(oneSite(site, { demandVariability: 0.3 }), 30, seed).map((view) => view.sites[0]!.demand);
    expect(demands(4)).toEqual(demands(4));
    expect(demands(5)).not.toEqual(demands(4));
    const all = [1, 2, 3, 4, 5].flatMap((seed) => demands(seed).slice(1));
    const mean = all.reduce((a, b) => a + b, 0) / all.length;
    expect(mean / site.demand).toBeGreaterThan(0.93);
    expect(mean / site.demand).toBeLessThan(1.07);
    expect(Math.sqrt(variance(all)) / mean).toBeGreaterThan(0.25);
    expect(Math.sqrt(variance(all)) / mean).toBeLessThan(0.35);
  });
});

// A line of four tiers: store ← DC ← factory ← supplier (the supplier makes what it orders).
const line = (extra: Record<string, unknown> = {}, store: Record<string, unknown> = {}) =>
  stockFlowParameters({
    demandVariability: 0.2,
    ...extra,
    sites: [
      { name: 'Store', attractor: 'store', supplier: 1, capacityPerDay: 2000, demandPerDay: 1000, leadTimeDays: 2, safetyStockDays: 2, ...store },
      { name: 'DC', attractor: 'dc', supplier: 2, capacityPerDay: 2000, leadTimeDays: 3, safetyStockDays: 2 },
      { name: 'Factory', attractor: 'factory', supplier: 3, capacityPerDay: 2000, leadTimeDays: 4, safetyStockDays: 2 },
      { name: 'Supplier', attractor: 'supplier', capacityPerDay: 2000, leadTimeDays: 5, safetyStockDays: 2 },
    ],
  });

describe('stock-flow model: tiers feed each other', () => {
  it('what a supplier ships arrives at its customer one lead time later, and its demand is its customer’s orders', () => {
    const views = runStockFlow(line(), 200, 3);
    for (let t = 1; t <= 200; t += 1) expect(views[t]!.sites[1]!.demand).toBeCloseTo(views[t]!.sites[0]!.ordered, 9);
    for (let t = 3; t <= 200; t += 1) expect(views[t]!.sites[0]!.received).toBeCloseTo(views[t - 2]!.sites[1]!.shipped, 9);
  });

  it('a store with capacity to spare stocks out when its DC cannot keep up, after the DC does', () => {
    const short = stockFlowParameters({
      sites: [
        { name: 'Store', attractor: 'store', supplier: 1, capacityPerDay: 1200, demandPerDay: 1000, leadTimeDays: 2, safetyStockDays: 2 },
        { name: 'DC', attractor: 'dc', capacityPerDay: 800, leadTimeDays: 3, safetyStockDays: 5 },
      ],
    });
    const views = runStockFlow(short, 200, 1);
    const dc = stockOutDay(views, 1);
    // The DC runs down at 1000 − 800 a day. Then it ships only what it makes, 800 a day, which
    // reaches the store one lead time (2 days) later; the store's own 2 000 then run down at 200.
    expect(dc).toBeCloseTo(5000 / 200, 6);
    const store = stockOutDay(views, 0);
    expect(Math.abs(store - (dc + 2 + 2000 / 200))).toBeLessThan(1);
    // Alone (the same store producing for itself) it would never run out.
    const alone = stockFlowParameters({
      sites: [{ name: 'Store', attractor: 'store', capacityPerDay: 1200, demandPerDay: 1000, leadTimeDays: 2, safetyStockDays: 2 }],
    });
    expect(stockOutDay(runStockFlow(alone, 200, 1), 0)).toBe(Infinity);
  });
});

describe('stock-flow model: over-ordering under a forecast shortage, and the bullwhip', () => {
  // A stand-in for the engine's alarm: the share of its safety stock a site has lost.
  const alarmFromStock = (state: { sites: { stock: number }[] }) => state.sites.map((site) => Math.min(1, Math.max(0, 1 - site.stock / 2000)));
  const orderVarianceRatios = (parameters: ReturnType<typeof line>, seed: number, react: boolean) => {
    const views = runStockFlow(parameters, 600, seed, react ? alarmFromStock : undefined).slice(101);
    const demand = variance(views.map((view) => view.sites[0]!.demand));
    return [0, 1, 2, 3].map((site) => variance(views.map((view) => view.sites[site]!.ordered)) / demand);
  };

  it('with nobody alarmed and a fixed forecast, orders pass demand up unchanged', () => {
    for (const ratio of orderVarianceRatios(line({ reactionStrength: 1 }), 1, false)) expect(ratio).toBeCloseTo(1, 6);
  });

  it('with the reaction, order variance grows at every tier upstream (the bullwhip)', () => {
    for (const seed of [1, 2, 3]) {
      const ratios = orderVarianceRatios(line({ reactionStrength: 1 }), seed, true);
      expect(ratios[0]).toBeGreaterThan(1.1);
      for (let tier = 1; tier < 4; tier += 1) expect(ratios[tier]).toBeGreaterThan(ratios[tier - 1]! * 1.1);
      const stronger = orderVarianceRatios(line({ reactionStrength: 2 }), seed, true);
      expect(stronger[3]).toBeGreaterThan(ratios[3]!);
    }
  });

  it('a smoothed forecast gives the textbook bullwhip even without the reaction', () => {
    const ratios = orderVarianceRatios(line({ forecastSmoothing: 0.1 }), 1, false);
    for (let tier = 1; tier < 4; tier += 1) expect(ratios[tier]).toBeGreaterThan(ratios[tier - 1]!);
  });

  it('the alarm multiplies the order by 1 + strength × alarm, capped by capacity', () => {
    const parameters = oneSite({ demand: 100, capacity: 1000, safetyStockDays: 1, leadTimeDays: 2 }, { reactionStrength: 1.5 });
    const calm = runStockFlow(parameters, 1, 1);
    const alarmed = runStockFlow(parameters, 1, 1, () => [0.4]);
    expect(alarmed[1]!.sites[0]!.ordered).toBeCloseTo(calm[1]!.sites[0]!.ordered * 1.6, 9);
    const capped = runStockFlow(oneSite({ demand: 100, capacity: 120, safetyStockDays: 1, leadTimeDays: 2 }, { reactionStrength: 1.5 }), 1, 1, () => [1]);
    expect(capped[1]!.sites[0]!.ordered).toBe(120);
  });

  it('with panic buying the end customers over-order too; without it their demand ignores the alarm', () => {
    const site = { demand: 100, capacity: 1000, safetyStockDays: 1, leadTimeDays: 2 };
    expect(runStockFlow(oneSite(site, { panicBuying: true }), 1, 1, () => [0.5])[1]!.sites[0]!.demand).toBeCloseTo(150, 9);
    expect(runStockFlow(oneSite(site), 1, 1, () => [0.5])[1]!.sites[0]!.demand).toBeCloseTo(100, 9);
  });
});

describe('stock-flow model: order switching', () => {
  const twoStores = (orderSwitching: number) =>
    stockFlowParameters({
      orderSwitching,
      sites: [
        { name: 'Madrid', attractor: 'madrid', capacityPerDay: 600, demandPerDay: 700, leadTimeDays: 2, safetyStockDays: 1 },
        { name: 'Paris', attractor: 'paris', capacityPerDay: 2000, demandPerDay: 650, leadTimeDays: 2, safetyStockDays: 2 },
      ],
    });

  it('end customers of a stocked-out store take the stated share of their demand to the store with stock', () => {
    const locked = runStockFlow(twoStores(0), 60, 1);
    const spot = runStockFlow(twoStores(0.5), 60, 1);
    const out = Math.floor(stockOutDay(locked, 0)) + 1;
    expect(stockOutDay(spot, 0)).toBeCloseTo(stockOutDay(locked, 0), 9);
    // The day after Madrid first leaves demand unshipped, half of its demand goes to Paris.
    expect(spot[out + 1]!.sites[0]!.demand).toBeCloseTo(350, 9);
    expect(spot[out + 1]!.sites[1]!.demand).toBeCloseTo(650 + 350, 9);
    expect(locked[out + 1]!.sites[1]!.demand).toBeCloseTo(650, 9);
    expect(spot[60]!.sites[0]!.backlog).toBeLessThan(locked[60]!.sites[0]!.backlog);
  });
});

describe('stock-flow model: the port', () => {
  it('is registered as stock-flow', () => {
    expect(domainModel('stock-flow')).toBe(stockFlowModel);
  });

  it('pressure: the backlog against a tolerance of stockOutToleranceDays of mean demand', () => {
    const parameters = oneSite({ demand: 2850, capacity: 2200, safetyStockDays: 2, leadTimeDays: 10 }, { stockOutToleranceDays: 2 });
    const draw = openStream(1, 'domain');
    let state = stockFlowModel.initialState(parameters);
    for (let tick = 1; tick <= 20; tick += 1) state = stockFlowModel.step(parameters, state, { tick, alarm: [0] }, draw);
    const { load, capacity } = stockFlowModel.pressure(parameters, state, 0);
    expect(capacity).toBe(5700);
    expect(load).toBeCloseTo(20 * 650 - 5700, 6);
  });

  it('step leaves its input unchanged, and a state through JSON continues exactly', () => {
    const parameters = line({ demandVariability: 0.3, disruptionsPerDay: 0.05, disruptionSeverity: 0.5, forecastSmoothing: 0.2 });
    const draw = openStream(9, 'domain');
    let state = stockFlowModel.initialState(parameters);
    for (let tick = 1; tick <= 40; tick += 1) state = stockFlowModel.step(parameters, state, { tick, alarm: [0.2, 0, 0.5, 0] }, draw);
    const frozen = JSON.stringify(state);
    const resumed = stockFlowModel.internalStateSchema.parse(JSON.parse(frozen));
    const saved = draw.state();
    const a = stockFlowModel.step(parameters, state, { tick: 41, alarm: [0.3, 0, 0, 0] }, draw);
    expect(JSON.stringify(state)).toBe(frozen);
    const b = stockFlowModel.step(parameters, resumed, { tick: 41, alarm: [0.3, 0, 0, 0] }, resumeStream(saved));
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it('disruptions destroy stock: a stretched site runs out far sooner than its safety stock says', () => {
    const site = { demand: 1000, capacity: 900, safetyStockDays: 20, leadTimeDays: 1 };
    for (const seed of [1, 2, 3]) {
      expect(stockOutDay(runStockFlow(oneSite(site), 400, seed), 0)).toBeCloseTo(200, 6);
      const hit = runStockFlow(oneSite(site, { disruptionsPerDay: 0.05, disruptionSeverity: 0.5 }), 400, seed);
      expect(stockOutDay(hit, 0)).toBeLessThan(150);
      // A hit day: the stock halves on top of the day's usual fall of 100.
      const halved = hit.some(
        (view, t) => t > 0 && Math.abs(view.sites[0]!.stock - (hit[t - 1]!.sites[0]!.stock / 2 - 100)) < 1e-6 && hit[t - 1]!.sites[0]!.stock > 400,
      );
      expect(halved).toBe(true);
    }
  });

  it('refuses a supplier cycle, a missing supplier and an attractor bound twice', () => {
    const site = (attractor: string, supplier: number | null) => ({
      name: attractor,
      attractor,
      supplier,
      capacityPerDay: 1,
      leadTimeDays: 1,
      safetyStockDays: 1,
    });
    expect(stockFlowModel.parametersSchema.safeParse({ sites: [site('a', 1), site('b', 0)] }).success).toBe(false);
    expect(stockFlowModel.parametersSchema.safeParse({ sites: [site('a', 0)] }).success).toBe(false);
    expect(stockFlowModel.parametersSchema.safeParse({ sites: [site('a', 2), site('b', null)] }).success).toBe(false);
    expect(stockFlowModel.parametersSchema.safeParse({ sites: [site('a', null), site('a', 0)] }).success).toBe(false);
    expect(stockFlowModel.parametersSchema.safeParse({ sites: [site('a', 1), site('b', null)] }).success).toBe(true);
  });
});
