import type { StockFlowParameters } from './parameters.js';

/** What follows from a network's parameters alone, computed once per step. */
export interface StockFlowNetwork {
  /** Per site, the sites it supplies. */
  customers: number[][];
  /** Sites in processing order: every site before its supplier (downstream first). */
  order: number[];
  /** Per site, the mean daily demand it sees: its end customers' plus what its customers take in. */
  meanDemand: number[];
  /** Per site, the mean daily inflow it can sustain: min(mean demand, capacity). */
  meanInflow: number[];
  /** Per site, safety stock in units: safety stock days × mean demand. */
  safetyStock: number[];
}

/**
 * Derives customers, processing order and mean flows of a network (acyclic, checked by the
 * parameters' schema).
 *
 * @example
 * const { order } = stockFlowNetwork(parameters); // stores before warehouses before factories
 */
export function stockFlowNetwork(parameters: StockFlowParameters): StockFlowNetwork {
  const { sites } = parameters;
  const customers: number[][] = sites.map(() => []);
  sites.forEach((site, index) => {
    if (site.supplier !== null) customers[site.supplier]?.push(index);
  });
  const level = (index: number): number => {
    let hops = 0;
    for (let at = sites[index]?.supplier ?? null; at !== null; at = sites[at]?.supplier ?? null) hops += 1;
    return hops;
  };
  const levels = sites.map((_, index) => level(index));
  const order = sites.map((_, index) => index).sort((a, b) => (levels[b] as number) - (levels[a] as number) || a - b);

  const meanDemand = sites.map(() => 0);
  const meanInflow = sites.map(() => 0);
  for (const index of order) {
    const site = sites[index]!;
    const demand = site.demandPerDay + (customers[index] as number[]).reduce((sum, c) => sum + (meanInflow[c] as number), 0);
    meanDemand[index] = demand;
    meanInflow[index] = Math.min(demand, site.capacityPerDay);
  }
  const safetyStock = sites.map((site, index) => site.safetyStockDays * (meanDemand[index] as number));
  return { customers, order, meanDemand, meanInflow, safetyStock };
}
