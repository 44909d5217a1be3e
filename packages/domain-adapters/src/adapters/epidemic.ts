import { LIMITS, type ScenarioInput } from '@sim/engine';
import { z } from 'zod';
import { defineAdapter } from '../domain-adapter.js';
import { allocateAgents } from '../shared/allocate-agents.js';
import { clamp, round } from '../shared/clamp.js';
import { entityIds } from '../shared/entity-ids.js';
import { squareRows } from '../shared/layout.js';
import { flagDuplicateNames } from '../shared/unique-names.js';
import { siteScenario, type SiteSpec } from '../shared/site-scenario.js';
import { AdapterSeedSchema } from '../shared/seed.js';

const RegionSchema = z
  .object({
    name: z.string().min(1).max(100).describe('Name of the region, e.g. "North district"'),
    population: z.number().int().min(1).max(2_000_000_000).describe('Residents of the region'),
    contactsPerDay: z.number().min(0).max(100).default(10).describe('Average close contacts per person per day, before interventions'),
    hospitalBeds: z.number().int().min(0).max(100_000_000).describe('Hospital beds available to patients of this outbreak'),
    initialInfectious: z
      .number()
      .min(0)
      .max(2_000_000_000)
      .optional()
      .describe(
        'Infectious residents on day 0. Left out: 1 per 100 000 residents (at least 1) in the first region listed, where the outbreak starts, and 0 elsewhere: the others are reached through mobility',
      ),
  })
  .strict()
  // Only a given count is compared: a population refused for its own range says so alone.
  .refine((region) => region.initialInfectious === undefined || region.initialInfectious <= region.population, {
    message: 'initialInfectious exceeds the population',
    path: ['initialInfectious'],
    // zod runs an object's refinement after its fields' issues unless told: not after the
    // population's own (a population of -5 would also report the count as above it).
    when: (payload) => !payload.issues.some((issue) => issue.path?.[0] === 'population' || issue.path?.[0] === 'initialInfectious'),
  });

const DiseaseSchema = z
  .object({
    transmissionProbability: z.number().min(0).max(1).default(0.05).describe('Chance that one close contact with an infectious person passes the infection on'),
    latentDays: z.number().min(0.1).max(60).default(3).describe('Mean days from infection until a case is infectious (the latent period of SEIR)'),
    infectiousDays: z.number().min(1).max(60).default(5).describe('Mean days a case stays infectious'),
    hospitalizationRate: z.number().min(0).max(1).default(0.05).describe('Share of cases admitted to hospital, at the end of their infectious period'),
    hospitalStayDays: z.number().min(1).max(120).default(8).describe('Mean days a hospitalised patient occupies a bed'),
  })
  .strict();

const InterventionsSchema = z
  .object({
    distancing: z.number().min(0).max(1).default(0).describe('Strength of physical distancing: the share of close contacts removed (0 none, 1 full lockdown)'),
    masks: z.number().min(0).max(1).default(0).describe('Share of contacts in which masks are worn (halves transmission in those contacts)'),
    travelRestrictions: z.number().min(0).max(1).default(0).describe('Share of travel between regions cut (0 none, 1 borders closed)'),
    testingAndTracing: z
      .number()
      .min(0)
      .max(1)
      .default(0)
      .describe('Share of cases found and isolated halfway through their infectious period (halves what each of them transmits)'),
  })
  .strict();

/** Input of the epidemic adapter: regions, the disease, the interventions in force and the people's reaction. */
export const EpidemicInputSchema = z
  .object({
    seed: AdapterSeedSchema,
    regions: z
      .array(RegionSchema)
      .min(1)
      .max(LIMITS.maxAttractors)
      .describe('Regions, each with its own hospitals; listed neighbours are laid out side by side'),
    disease: DiseaseSchema.prefault({}).describe('The pathogen'),
    interventions: InterventionsSchema.prefault({}).describe('Public-health measures in force from day 0'),
    mobility: z
      .number()
      .min(0)
      .max(1)
      .default(0.3)
      .describe("Share of a person's contacts made away from home region, with people from the whole country, before travel restrictions"),
    reactionStrength: z
      .number()
      .min(0)
      .max(1)
      .default(0.5)
      .describe(
        "Voluntary distancing: the share of contacts a region's people drop of their own accord when their hospitals are confidently forecast to be overwhelmed",
      ),
    overloadDays: z
      .number()
      .min(0.1)
      .max(100)
      .default(1)
      .describe(
        "How much overload a region's hospitals absorb before they count as overwhelmed: patients beyond the beds, summed over the days, reaching this many times the beds (1: 10 % over for 10 days, or twice the beds for a day)",
      ),
    forecastDays: z
      .number()
      .int()
      .min(1)
      .max(LIMITS.maxProphecyHorizon)
      .optional()
      .describe(
        'Days each forecast looks ahead, which are also the days between forecasts. Left out: twice the days from infection to discharge, 2 × (latent + infectious + hospital stay) days, so that distancing in answer to a forecast can still change the hospital peak it foresees',
      ),
    peoplePerAgent: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('People one simulated agent stands for; chosen so that the run has about 1 000 agents when left out'),
  })
  .strict()
  .superRefine((input, ctx) => flagDuplicateNames(input.regions, 'regions', 'region', ctx));
export type EpidemicInput = z.output<typeof EpidemicInputSchema>;

/** Peak share of a population infectious at once in an SIR wave with reproduction number `r` (0 when r ≤ 1). */
export function peakPrevalence(r: number): number {
  return r > 1 ? 1 - (1 + Math.log(r)) / r : 0;
}

/**
 * A quick estimate of the peak share of a population in hospital beds at once, for reproduction
 * number `r`, from SIR's peak prevalence. Not what the run computes: the run integrates SEIR.
 */
export function peakBedShare(input: EpidemicInput, r: number): number {
  const { hospitalizationRate, hospitalStayDays, infectiousDays } = input.disease;
  return hospitalizationRate * Math.min(1, (peakPrevalence(r) * hospitalStayDays) / infectiousDays);
}

/**
 * Reproduction numbers of one region under the `seir` equations: R0 = c·p·D without measures,
 * Reff with the measures in force, Reff = R0·(1 − distancing)·(1 − masks/2)·(1 − tracing/2).
 */
export function reproductionNumbers(input: EpidemicInput, contactsPerDay: number): { r0: number; reff: number } {
  const { transmissionProbability, infectiousDays } = input.disease;
  const { distancing, masks, testingAndTracing } = input.interventions;
  const r0 = contactsPerDay * transmissionProbability * infectiousDays;
  const reff = r0 * (1 - distancing) * (1 - 0.5 * masks) * (1 - 0.5 * testingAndTracing);
  return { r0, reff };
}

/** Infectious people on day 0 in region `index`: the input's, or the default seed of the outbreak. */
export function initialInfectious(input: EpidemicInput, index: number): number {
  const region = input.regions[index];
  if (region === undefined) return 0;
  if (region.initialInfectious !== undefined) return region.initialInfectious;
  return index === 0 ? Math.min(region.population, Math.max(1, Math.round(region.population / 100_000))) : 0;
}

/** Days each forecast looks ahead and between forecasts: the input's, or 2 × (latent + infectious + stay) days. */
export function forecastDays(input: EpidemicInput): number {
  const { latentDays, infectiousDays, hospitalStayDays } = input.disease;
  return input.forecastDays ?? Math.min(LIMITS.maxProphecyHorizon, Math.max(1, Math.round(2 * (latentDays + infectiousDays + hospitalStayDays))));
}

/** Depth of every hospital basin: any value would do, erosion is a share of it (docs/engine.md, "Basin loss"). */
const DEPTH = 5;

function toScenario(input: EpidemicInput): ScenarioInput {
  const { regions, disease, interventions } = input;
  const names = regions.map((region) => region.name);
  const { counts } = allocateAgents(
    regions.map((region) => region.population),
    input.peoplePerAgent,
  );
  const basinIds = entityIds(names, 'hospitals');
  const agentPrefixes = entityIds(names, 'people');
  // Share of contacts made away from home: how loosely residents are tied to their home region.
  const travel = input.mobility * (1 - interventions.travelRestrictions);

  const sites: SiteSpec[] = regions.map((region, index) => ({
    basinId: basinIds[index] as string,
    agentPrefix: agentPrefixes[index] as string,
    agents: counts[index] as number,
    // The engine replaces this every tick by the region's beds (the seir model's pressure).
    capacity: Math.max(1, region.hospitalBeds),
    depth: DEPTH,
    gamma: 1,
    lambda: 1 + 5 * travel,
    homeWeight: 10 * (1 - 0.7 * travel),
  }));

  const scenario = siteScenario(sites, {
    seed: input.seed,
    rows: squareRows(regions.length),
    gap: 1 + 6 * interventions.travelRestrictions,
    nodeLabels: { x: 'regions, west to east', y: 'regions, south to north' },
    rules: {
      // Loss once Σ (hospitalized/beds − 1) over the days of overload reaches overloadDays.
      erosionRate: round(1 / input.overloadDays, 6),
      // Between overloads the strain eases as the patients of the overload are discharged.
      recoveryRate: round(clamp(1 / disease.hospitalStayDays, 0, 1), 6),
      // One forecast at a time, each standing for the whole of its horizon.
      prophecyHorizon: forecastDays(input),
      prophecyInterval: forecastDays(input),
    },
  });
  return {
    ...scenario,
    domain: {
      model: 'seir',
      parameters: {
        regions: regions.map((region, index) => ({
          site: basinIds[index] as string,
          name: region.name,
          population: region.population,
          contactsPerDay: region.contactsPerDay,
          beds: region.hospitalBeds,
          initialInfectious: initialInfectious(input, index),
        })),
        transmissionProbability: disease.transmissionProbability,
        latentDays: disease.latentDays,
        infectiousDays: disease.infectiousDays,
        hospitalizationRate: disease.hospitalizationRate,
        hospitalStayDays: disease.hospitalStayDays,
        distancing: interventions.distancing,
        masks: interventions.masks,
        testingAndTracing: interventions.testingAndTracing,
        mobility: input.mobility,
        travelRestrictions: interventions.travelRestrictions,
        reactionStrength: input.reactionStrength,
      },
    },
  };
}

/**
 * Epidemic: SEIR per region, run by the engine's `seir` domain model; a region's hospitals are
 * a basin whose load is the hospitalized and whose capacity is the beds, so a basin loss is an
 * outbreak overwhelming that region's hospitals (docs/engine.md, "Epidemic: SEIR per region (seir)").
 */
export const epidemicAdapter = defineAdapter({
  id: 'epidemic',
  label: 'Epidemic across regions',
  description: [
    'Regions with populations, contact rates and hospital beds under a spreading infection; one tick is one day.',
    "The engine's `seir` domain model integrates SEIR per region each day (RK4, at least 4 substeps): S' = −λS, E' = λS − σE, I' = σE − γI, H' = hγI − δH, R' = (1 − h)γI + δH, with σ = 1/latentDays, γ = 1/infectiousDays, h = hospitalizationRate, δ = 1/hospitalStayDays.",
    'Force of infection λ_i = β_i·((1 − μ)·I_i/N_i + μ·ΣI/ΣN): a share μ = mobility·(1 − travelRestrictions) of contacts is made with the whole country.',
    'β_i = contactsPerDay·(1 − distancing)·(1 − reactionStrength·alarm_i)·transmissionProbability·(1 − masks/2)·(1 − testingAndTracing/2): masks halve transmission in the contacts where they are worn, tracing isolates the cases it finds halfway through their infectious period.',
    "Each region's hospitals are an attractor whose load is H and capacity the beds. The basin erodes by erosionRate = 1/overloadDays of its depth per unit of overload (H/beds − 1) a day and recovers by 1/hospitalStayDays of the missing depth a day while not overloaded, so it is lost (the hospitals are overwhelmed) once the patients beyond the beds, summed over the days, reach overloadDays times the beds; a region never over its beds is never lost.",
    "Prophecies forecast these losses; the alarm of a region's people (reflexivity × forecast loss probability × their belief) makes them drop reactionStrength × alarm of their contacts: voluntary distancing, which lowers the peak and can make the forecast self-defeating.",
    'Agents are groups of residents, one per `peoplePerAgent` people (about 1 000 by default), placed in their home region; their belief sets how strongly a region reacts. Mobility makes them wander (lambda = 1 + 5μ) and loosens their tie to home; travel restrictions widen the gaps between regions. Their gamma is 1 for all: their own load no longer counts, the hospitalized do.',
    'A forecast looks forecastDays ahead (by default 2 × (latent + infectious + hospital stay) days) and one is made every forecastDays days.',
    'Validated against an independent SEIR integration of the same parameters: hospital peak day and size within 10 % and final size within 3 % (measured for R0 from 1.8 to 50: the same peak day, peak size and final size within 10⁻⁶ of the reference).',
  ].join(' '),
  inputSchema: EpidemicInputSchema,
  domainModel: 'seir',
  example: {
    seed: 7,
    regions: [
      { name: 'Capital', population: 2_400_000, contactsPerDay: 14, hospitalBeds: 5_200, initialInfectious: 50 },
      { name: 'North', population: 900_000, contactsPerDay: 10, hospitalBeds: 1_600 },
      { name: 'Harbour', population: 1_100_000, contactsPerDay: 12, hospitalBeds: 2_000 },
      { name: 'Valley', population: 600_000, contactsPerDay: 8, hospitalBeds: 1_500 },
      { name: 'Highlands', population: 300_000, contactsPerDay: 7, hospitalBeds: 900 },
      { name: 'South coast', population: 700_000, contactsPerDay: 11, hospitalBeds: 1_100 },
    ],
    disease: { transmissionProbability: 0.05, latentDays: 3, infectiousDays: 5, hospitalizationRate: 0.015, hospitalStayDays: 8 },
    interventions: { distancing: 0, masks: 0, travelRestrictions: 0, testingAndTracing: 0 },
    mobility: 0.3,
    reactionStrength: 0.5,
    overloadDays: 1,
  },
  toScenario,
});
