import { z } from 'zod';

const finite = z.number().finite();

const SiteStateSchema = z
  .object({
    stock: finite.describe('Units on hand'),
    customerBacklog: finite.describe('End-customer demand accepted and not yet shipped'),
    owed: finite.describe('Units this site ordered that its supplier has not shipped yet'),
    pipeline: z.array(finite).describe('Shipments in transit to the site; slot k arrives k + 1 days from now'),
    forecast: finite.describe('Smoothed daily demand the order-up-to level is set from'),
    demand: finite.describe('Units ordered from the site this day (end customers and sites it supplies)'),
    shipped: finite.describe('Units shipped this day'),
    ordered: finite.describe('Units ordered (or put into production) this day'),
    received: finite.describe('Units received this day'),
  })
  .strict();

/**
 * The stored state of the `stock-flow` model: plain numbers, kept in snapshots.
 *
 * @example
 * StockFlowStateSchema.parse(JSON.parse(JSON.stringify(state)));
 */
export const StockFlowStateSchema = z.object({ sites: z.array(SiteStateSchema) }).strict();

/**
 * The stored state of the `stock-flow` model.
 *
 * @example
 * const stock = state.sites[0]!.stock;
 */
export type StockFlowState = z.output<typeof StockFlowStateSchema>;

/** One site's stored state. */
export type StockFlowSiteState = StockFlowState['sites'][number];

/**
 * What `state.domain` shows of a supply chain, per site in the order of the parameters.
 *
 * @example
 * const { sites } = StockFlowViewSchema.parse(world.state().domain);
 */
export const StockFlowViewSchema = z
  .object({
    sites: z.array(
      z
        .object({
          name: z.string().describe('Name of the site'),
          stock: finite.describe('Units on hand at the end of the day'),
          backlog: finite.describe('Units ordered from the site and not yet shipped: end customers’ back orders plus what it owes the sites it supplies'),
          ordered: finite.describe('Units the site ordered from its supplier (or put into production) this day'),
          received: finite.describe('Units the site received this day'),
          demand: finite.describe('Units ordered from the site this day'),
          shipped: finite.describe('Units the site shipped this day'),
        })
        .strict(),
    ),
  })
  .strict();

/**
 * The visible state of a supply chain.
 *
 * @example
 * const view: StockFlowView = model.observe(parameters, state);
 */
export type StockFlowView = z.output<typeof StockFlowViewSchema>;
