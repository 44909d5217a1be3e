import type { DomainCoupling } from '../../domain-model.js';
import type { RandomStream } from '../../../rng/random-stream.js';
import { stockFlowNetwork, type StockFlowNetwork } from './network.js';
import type { StockFlowParameters } from './parameters.js';
import type { StockFlowSiteState, StockFlowState } from './state.js';

const SQRT3 = Math.sqrt(3);

// Parameters are the same object every tick of a run: derive the network once per object.
const NETWORKS = new WeakMap<StockFlowParameters, StockFlowNetwork>();

/**
 * The network of `parameters`, derived once per parameters object.
 *
 * @example
 * const { meanDemand } = networkOf(parameters);
 */
export function networkOf(parameters: StockFlowParameters): StockFlowNetwork {
  let network = NETWORKS.get(parameters);
  if (!network) {
    network = stockFlowNetwork(parameters);
    NETWORKS.set(parameters, network);
  }
  return network;
}

/**
 * A standard normal deviate from four uniforms (Irwin–Hall: mean 0, sd 1, within ±3.46). Plain
 * arithmetic, so that it is bit-identical on every machine, unlike Box–Muller's log and cos.
 */
function normalDeviate(draw: RandomStream): number {
  return (draw() + draw() + draw() + draw() - 2) * SQRT3;
}

/**
 * The day-0 state: every site holds its safety stock, and its pipeline holds `leadTimeDays`
 * days of the inflow it can sustain (min(mean demand, capacity)), as if it had been ordering so
 * all along.
 *
 * @example
 * const state = initialStockFlowState(parameters);
 */
export function initialStockFlowState(parameters: StockFlowParameters): StockFlowState {
  const network = networkOf(parameters);
  return {
    sites: parameters.sites.map((site, index) => ({
      stock: network.safetyStock[index] as number,
      customerBacklog: 0,
      owed: 0,
      pipeline: Array.from({ length: site.leadTimeDays }, () => network.meanInflow[index] as number),
      forecast: network.meanDemand[index] as number,
      demand: 0,
      shipped: 0,
      ordered: 0,
      received: 0,
    })),
  };
}

/**
 * One day of the supply chain (docs/engine.md, "Supply chain"): disruptions and end-customer
 * demand are drawn, every site receives what arrives today, end customers of stocked-out sites
 * switch part of their demand to another site, then, customers before their
 * suppliers, each site ships what it can of what it is owed (shares in proportion to the
 * claims), updates its forecast and places its order-up-to order, inflated by the alarm.
 * Returns a new state.
 *
 * @example
 * const next = stepStockFlow(parameters, state, { tick: 1, alarm: [0] }, openStream(1, 'domain'));
 */
export function stepStockFlow(parameters: StockFlowParameters, state: StockFlowState, coupling: DomainCoupling, draw: RandomStream): StockFlowState {
  const { sites: specs, reactionStrength } = parameters;
  const network = networkOf(parameters);
  const sites: StockFlowSiteState[] = state.sites.map((site) => ({ ...site, pipeline: site.pipeline.slice() }));

  // Draws first, in site order and in a number fixed by the parameters, so that a change in
  // one site's flows never shifts another site's draws.
  const demandFactor = specs.map(() => 1);
  specs.forEach((spec, index) => {
    const site = sites[index] as StockFlowSiteState;
    if (parameters.disruptionsPerDay > 0 && draw() < parameters.disruptionsPerDay) site.stock *= 1 - parameters.disruptionSeverity;
    if (parameters.demandVariability > 0 && spec.demandPerDay > 0) demandFactor[index] = Math.max(0, 1 + parameters.demandVariability * normalDeviate(draw));
  });

  for (const site of sites) {
    const arriving = site.pipeline.shift() ?? 0;
    site.pipeline.push(0);
    site.received = arriving;
    site.stock += arriving;
  }

  const external = specs.map((spec, index) => {
    const urge = parameters.panicBuying ? 1 + reactionStrength * Math.min(1, Math.max(0, coupling.alarm[index] ?? 0)) : 1;
    return spec.demandPerDay * (demandFactor[index] as number) * urge;
  });
  if (parameters.orderSwitching > 0) switchOrders(parameters, state, external);

  for (const index of network.order) {
    const spec = specs[index]!;
    const site = sites[index] as StockFlowSiteState;
    const customers = network.customers[index] as number[];
    const alarm = Math.min(1, Math.max(0, coupling.alarm[index] ?? 0));
    const urge = 1 + reactionStrength * alarm;

    const ownExternal = external[index] as number;
    let claims = site.customerBacklog + ownExternal;
    let fromCustomers = 0;
    for (const c of customers) {
      const customer = sites[c] as StockFlowSiteState;
      fromCustomers += customer.ordered;
      claims += customer.owed;
    }
    site.demand = ownExternal + fromCustomers;

    // Ship what the stock allows; when short, every claim gets the same share.
    const shipped = Math.min(site.stock, claims);
    const unfilled = claims > 0 ? 1 - shipped / claims : 0;
    site.stock -= shipped;
    site.shipped = shipped;
    site.customerBacklog = (site.customerBacklog + ownExternal) * unfilled;
    let backlog = site.customerBacklog;
    for (const c of customers) {
      const customer = sites[c] as StockFlowSiteState;
      const left = customer.owed * unfilled;
      const pipeline = customer.pipeline;
      pipeline[pipeline.length - 1] = (pipeline[pipeline.length - 1] as number) + (customer.owed - left);
      customer.owed = left;
      backlog += left;
    }

    // Order up to forecast × lead time + safety stock, over the inventory position (stock −
    // backlog + on order); the reaction inflates the order, the capacity caps it.
    site.forecast += parameters.forecastSmoothing * (site.demand - site.forecast);
    const onOrder = site.pipeline.reduce((sum, units) => sum + units, 0) + site.owed;
    const position = site.stock - backlog + onOrder;
    const target = site.forecast * spec.leadTimeDays + (network.safetyStock[index] as number);
    const order = Math.min(spec.capacityPerDay, Math.max(0, target - position) * urge);
    site.ordered = order;
    if (spec.supplier === null) {
      const pipeline = site.pipeline;
      pipeline[pipeline.length - 1] = (pipeline[pipeline.length - 1] as number) + order;
    } else site.owed += order;
  }
  return { sites };
}

/**
 * Order switching: end customers of a site that was out of stock at the start of the day (it
 * has back orders) take `orderSwitching` of their new demand to the refuge, the site with end
 * customers and no back orders that holds the most stock (the first such in site order on a
 * tie). Changes `external` in place.
 */
function switchOrders(parameters: StockFlowParameters, state: StockFlowState, external: number[]): void {
  let refuge = -1;
  parameters.sites.forEach((spec, index) => {
    const site = state.sites[index] as StockFlowSiteState;
    if (spec.demandPerDay <= 0 || site.customerBacklog > 0) return;
    if (refuge < 0 || site.stock > (state.sites[refuge] as StockFlowSiteState).stock) refuge = index;
  });
  if (refuge < 0) return;
  parameters.sites.forEach((_, index) => {
    if ((state.sites[index] as StockFlowSiteState).customerBacklog <= 0) return;
    const moved = (external[index] as number) * parameters.orderSwitching;
    external[index] = (external[index] as number) - moved;
    external[refuge] = (external[refuge] as number) + moved;
  });
}

/**
 * Units ordered from site `index` and not yet shipped: its end customers' back orders plus
 * what it owes the sites it supplies.
 *
 * @example
 * const load = siteBacklog(parameters, state, 0);
 */
export function siteBacklog(parameters: StockFlowParameters, state: StockFlowState, index: number): number {
  const network = networkOf(parameters);
  let backlog = state.sites[index]?.customerBacklog ?? 0;
  for (const c of network.customers[index] as number[]) backlog += state.sites[c]?.owed ?? 0;
  return backlog;
}
