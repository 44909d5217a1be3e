import type { DomainModel } from '../../domain-model.js';
import { StockFlowParametersSchema, type StockFlowParameters } from './parameters.js';
import { StockFlowStateSchema, StockFlowViewSchema, type StockFlowState, type StockFlowView } from './state.js';
import { initialStockFlowState, networkOf, siteBacklog, stepStockFlow } from './step.js';

/** Capacity of a site's basin when the site sees no demand at all (its backlog stays 0). */
const MIN_TOLERANCE = 1e-6;

/**
 * Supply chain as stocks and flows (docs/engine.md, "Supply chain"): sites in tiers that order
 * from each other with lead times, an order-up-to policy, end-customer demand with variability,
 * and over-ordering under a forecast shortage. A site's basin erodes while its backlog exceeds
 * `stockOutToleranceDays` of its mean demand: a stock-out that lasts.
 *
 * @example
 * const model = domainModel('stock-flow');
 */
export const stockFlowModel: DomainModel<StockFlowParameters, StockFlowState, StockFlowView> = {
  id: 'stock-flow',
  parametersSchema: StockFlowParametersSchema,
  internalStateSchema: StockFlowStateSchema,
  stateSchema: StockFlowViewSchema,
  sites: (parameters) => parameters.sites.map((site) => site.attractor),
  // Per site about forty agent-ticks, plus its pipeline of shipments in transit (measured).
  workPerTick: (parameters) => parameters.sites.reduce((work, site) => work + 40 + site.leadTimeDays, 0),
  initialState: initialStockFlowState,
  step: stepStockFlow,
  pressure: (parameters, state, site) => ({
    load: siteBacklog(parameters, state, site),
    capacity: Math.max(MIN_TOLERANCE, parameters.stockOutToleranceDays * (networkOf(parameters).meanDemand[site] as number)),
  }),
  observe: (parameters, state) => ({
    sites: parameters.sites.map((spec, index) => {
      const site = state.sites[index] as StockFlowState['sites'][number];
      return {
        name: spec.name,
        stock: site.stock,
        backlog: siteBacklog(parameters, state, index),
        ordered: site.ordered,
        received: site.received,
        demand: site.demand,
        shipped: site.shipped,
      };
    }),
  }),
};
