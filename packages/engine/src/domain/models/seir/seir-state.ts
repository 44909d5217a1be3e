import { z } from 'zod';
import { LIMITS } from '../../../limits.js';

const people = z.number().min(0);

/**
 * The compartments of one region, in people (fractions of a person allowed: the model is an
 * ODE). S + E + I + H + R is the population at every tick.
 *
 * @example
 * const region: SeirCompartments = { s: 999990, e: 0, i: 10, h: 0, r: 0 };
 */
export const SeirCompartmentsSchema = z.object({ s: people, e: people, i: people, h: people, r: people }).strict();
/**
 * The compartments of one region.
 *
 * @example
 * const load = compartments.h;
 */
export type SeirCompartments = z.infer<typeof SeirCompartmentsSchema>;

/**
 * The state of the `seir` model kept in snapshots: the compartments of each region, in site order.
 *
 * @example
 * SeirStateSchema.parse({ regions: [{ s: 999990, e: 0, i: 10, h: 0, r: 0 }] });
 */
export const SeirStateSchema = z.object({ regions: z.array(SeirCompartmentsSchema).min(1).max(LIMITS.maxAttractors) }).strict();
/**
 * The state of the `seir` model.
 *
 * @example
 * const next: SeirState = seirModel.step(parameters, state, coupling, draw);
 */
export type SeirState = z.infer<typeof SeirStateSchema>;

/**
 * What `state.domain` shows of the `seir` model, per region in people (docs/engine.md,
 * "Epidemic: SEIR per region (seir)").
 *
 * @example
 * world.state().domain.regions[0].hospitalized;
 */
export const SeirViewSchema = z
  .object({
    regions: z
      .array(
        z
          .object({
            name: z.string().describe('Name of the region'),
            susceptible: people.describe('S: never infected'),
            exposed: people.describe('E: infected, not yet infectious'),
            infectious: people.describe('I: infectious, in the community'),
            recovered: people.describe('R: recovered, including discharged patients'),
            hospitalized: people.describe("H: in hospital; the load of the region's hospitals"),
            beds: people.describe("Hospital beds; the capacity of the region's hospitals"),
          })
          .strict(),
      )
      .describe('The regions, in the order of the domain block'),
  })
  .strict();
/**
 * What `state.domain` shows of the `seir` model.
 *
 * @example
 * const peak = Math.max(...steps.map((step) => (step.domain as SeirView).regions[0].hospitalized));
 */
export type SeirView = z.infer<typeof SeirViewSchema>;
