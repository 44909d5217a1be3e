import { stockFlowModel } from '../../src/domain/models/stock-flow/index.js';
import type { StockFlowParameters } from '../../src/domain/models/stock-flow/parameters.js';
import type { StockFlowState, StockFlowView } from '../../src/domain/models/stock-flow/state.js';
import { openStream } from '../../src/rng/random-stream.js';

/** Parses raw parameters of the stock-flow model. */
export const stockFlowParameters = (raw: unknown): StockFlowParameters => stockFlowModel.parametersSchema.parse(raw);

/** The alarm of every site on one day, from the state before the day. */
export type AlarmRule = (state: StockFlowState, tick: number) => number[];

/** Runs the model alone `days` days on the `domain` stream of `seed`; the views of days 0..days. */
export function runStockFlow(
  parameters: StockFlowParameters,
  days: number,
  seed: number,
  alarm: AlarmRule = (state) => state.sites.map(() => 0),
): StockFlowView[] {
  const draw = openStream(seed, 'domain');
  let state = stockFlowModel.initialState(parameters);
  const views = [stockFlowModel.observe(parameters, state)];
  for (let tick = 1; tick <= days; tick += 1) {
    state = stockFlowModel.step(parameters, state, { tick, alarm: alarm(state, tick) }, draw);
    views.push(stockFlowModel.observe(parameters, state));
  }
  return views;
}

/** Backlog below this share of a day's demand is rounding, not a stock-out. */
const ROUNDING = 1e-9;

/**
 * When site `site` first runs out, in days: the first day `t` it leaves demand unshipped, less
 * the part of that day its stock still covered, `(t − 1) + stock(t − 1) / (demand(t) − received(t))`
 * (the stock falls linearly through the day). Infinity if it never runs out.
 */
export function stockOutDay(views: readonly StockFlowView[], site = 0): number {
  for (let t = 1; t < views.length; t += 1) {
    const today = views[t]!.sites[site]!;
    if (today.backlog > ROUNDING * Math.max(1, today.demand)) {
      const before = views[t - 1]!.sites[site]!;
      return t - 1 + before.stock / (today.demand - today.received);
    }
  }
  return Infinity;
}

/** Population variance. */
export function variance(values: readonly number[]): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
}
