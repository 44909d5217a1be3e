import { z } from 'zod';
import { LIMITS } from '../../../limits.js';
import { EntityIdSchema } from '../../../schemas/identifier.js';

const share = z.number().min(0).max(1);

/**
 * One region of the `seir` model: its people, how much they meet, its hospital beds and the
 * infection it starts with (docs/engine.md, "Epidemic: SEIR per region (seir)").
 *
 * @example
 * SeirRegionSchema.parse({ site: 'north-hospitals', name: 'North', population: 900000, beds: 1600 });
 */
export const SeirRegionSchema = z
  .object({
    site: EntityIdSchema.describe("The attractor that stands for the region's hospitals: its load is `hospitalized`, its capacity `beds`"),
    name: z.string().min(1).max(100).describe('Name of the region'),
    population: z.number().gt(0).max(1e10).describe('Residents, N'),
    contactsPerDay: z.number().min(0).max(100).default(10).describe('Close contacts per person per day before any measure, c'),
    beds: z.number().min(0).max(1e9).describe('Hospital beds for patients of this outbreak'),
    initialInfectious: z.number().min(0).max(1e10).default(0).describe('Infectious people on day 0, I(0); the rest are susceptible'),
  })
  .strict()
  .refine((region) => region.initialInfectious <= region.population, { message: 'initialInfectious exceeds the population', path: ['initialInfectious'] });

/**
 * Parameters of the `seir` model as a scenario's domain block writes them, defaults filled in.
 * Every field enters the equations of docs/engine.md, "Epidemic: SEIR per region (seir)".
 *
 * @example
 * const p = SeirParametersSchema.parse({ regions: [{ site: 'a', name: 'A', population: 1e6, beds: 3000, initialInfectious: 10 }] });
 * p.latentDays; // 3
 */
export const SeirParametersSchema = z
  .object({
    regions: z.array(SeirRegionSchema).min(1).max(LIMITS.maxAttractors).describe('The regions, one site each'),
    transmissionProbability: share.default(0.05).describe('Chance that a contact of a susceptible with an infectious person infects, p'),
    latentDays: z.number().min(0.1).max(60).default(3).describe('Mean days from infection to becoming infectious, 1/σ'),
    infectiousDays: z.number().min(0.1).max(60).default(5).describe('Mean days a case stays infectious, 1/γ'),
    hospitalizationRate: share.default(0.05).describe('Share of cases admitted to hospital when their infectious period ends, h'),
    hospitalStayDays: z.number().min(0.1).max(120).default(8).describe('Mean days a patient occupies a bed, 1/δ'),
    distancing: share.default(0).describe('Share of contacts removed by mandated distancing'),
    masks: share.default(0).describe('Share of contacts in which masks are worn; a mask halves transmission in that contact'),
    testingAndTracing: share.default(0).describe('Share of cases found and isolated halfway through their infectious period'),
    mobility: share.default(0.3).describe("Share of a person's contacts made away from home, with the whole country, before restrictions"),
    travelRestrictions: share.default(0).describe('Share of travel cut: the share of contacts away from home is mobility · (1 − travelRestrictions)'),
    reactionStrength: share
      .default(0.5)
      .describe("Voluntary distancing: the share of contacts a region's people drop at full alarm (the forecast of its hospitals overflowing)"),
  })
  .strict()
  .refine((p) => new Set(p.regions.map((region) => region.site)).size === p.regions.length, { message: 'two regions name the same site', path: ['regions'] });
/**
 * Parameters of the `seir` model, defaults filled in.
 *
 * @example
 * const p: SeirParameters = SeirParametersSchema.parse(block.parameters);
 */
export type SeirParameters = z.output<typeof SeirParametersSchema>;
