import { LIMITS, type ScenarioInput } from '@sim/engine';
import { z } from 'zod';
import { defineAdapter } from '../domain-adapter.js';
import { allocateAgents } from '../shared/allocate-agents.js';
import { clamp, round } from '../shared/clamp.js';
import { entityIds } from '../shared/entity-ids.js';
import { squareRows } from '../shared/layout.js';
import { siteScenario, type SiteSpec } from '../shared/site-scenario.js';

const RegionSchema = z
  .object({
    name: z.string().min(1).max(100).describe('Name of the region, e.g. "North district"'),
    population: z.number().int().min(1).max(2_000_000_000).describe('Residents of the region'),
    contactsPerDay: z
      .number()
      .min(0)
      .max(100)
      .default(10)
      .describe('Average close contacts per person per day, before interventions'),
    hospitalBeds: z.number().int().min(0).max(100_000_000).describe('Hospital beds available to patients of this outbreak'),
  })
  .strict();

const DiseaseSchema = z
  .object({
    transmissionProbability: z
      .number()
      .min(0)
      .max(1)
      .default(0.05)
      .describe('Chance that one close contact with an infectious person passes the infection on'),
    infectiousDays: z.number().min(1).max(60).default(5).describe('Days a case stays infectious'),
    hospitalizationRate: z.number().min(0).max(1).default(0.05).describe('Share of infected people who need a hospital bed'),
    hospitalStayDays: z.number().min(1).max(120).default(8).describe('Average days a hospitalised patient occupies a bed'),
  })
  .strict();

const InterventionsSchema = z
  .object({
    distancing: z
      .number()
      .min(0)
      .max(1)
      .default(0)
      .describe('Strength of physical distancing: the share of close contacts removed (0 none, 1 full lockdown)'),
    masks: z.number().min(0).max(1).default(0).describe('Share of contacts in which masks are worn (halves transmission in those contacts)'),
    travelRestrictions: z
      .number()
      .min(0)
      .max(1)
      .default(0)
      .describe('How far travel between regions is cut (0 none, 1 borders closed)'),
    testingAndTracing: z
      .number()
      .min(0)
      .max(1)
      .default(0)
      .describe('Reach of testing and contact tracing (0 none, 1 every case isolated early): cuts transmission and the reaction delay'),
  })
  .strict();

/** Input of the epidemic adapter: regions, the disease and the interventions in force. */
export const EpidemicInputSchema = z
  .object({
    seed: z.number().int().min(0).max(2_147_483_647).default(1).describe('Random seed; the same input and seed give the same run'),
    regions: z.array(RegionSchema).min(1).max(LIMITS.maxAttractors).describe('Regions, each with its own hospitals; listed neighbours are laid out side by side'),
    disease: DiseaseSchema.prefault({}).describe('The pathogen'),
    interventions: InterventionsSchema.prefault({}).describe('Public-health measures in force from day 0'),
    mobility: z
      .number()
      .min(0)
      .max(1)
      .default(0.3)
      .describe('Share of people who travel between regions on a typical day, before restrictions'),
    peoplePerAgent: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('People one simulated agent stands for; chosen so that the run has about 1 000 agents when left out'),
  })
  .strict();
export type EpidemicInput = z.output<typeof EpidemicInputSchema>;

/** Peak share of a population infectious at once in an SIR wave with reproduction number `r` (0 when r ≤ 1). */
export function peakPrevalence(r: number): number {
  return r > 1 ? 1 - (1 + Math.log(r)) / r : 0;
}

/** Peak share of a population in hospital beds at once, for reproduction number `r`. */
export function peakBedShare(input: EpidemicInput, r: number): number {
  const { hospitalizationRate, hospitalStayDays, infectiousDays } = input.disease;
  return hospitalizationRate * Math.min(1, (peakPrevalence(r) * hospitalStayDays) / infectiousDays);
}

/** Reproduction numbers of one region: without measures (R0) and with them (Reff). */
export function reproductionNumbers(input: EpidemicInput, contactsPerDay: number): { r0: number; reff: number } {
  const { transmissionProbability, infectiousDays } = input.disease;
  const { distancing, masks, testingAndTracing } = input.interventions;
  const r0 = contactsPerDay * transmissionProbability * infectiousDays;
  const reff = r0 * (1 - distancing) * (1 - 0.5 * masks) * (1 - 0.5 * testingAndTracing);
  return { r0, reff };
}

function toScenario(input: EpidemicInput): ScenarioInput {
  const { regions, disease, interventions } = input;
  const names = regions.map((region) => region.name);
  const { unitsPerAgent, counts } = allocateAgents(
    regions.map((region) => region.population),
    input.peoplePerAgent,
  );
  const basinIds = entityIds(names, 'hospitals');
  const agentPrefixes = entityIds(names, 'people');
  // Share of people on the move between regions: how loosely residents are tied to their home region.
  const travel = input.mobility * (1 - interventions.travelRestrictions);

  let reffWeighted = 0;
  const sites: SiteSpec[] = regions.map((region, index) => {
    const { r0, reff } = reproductionNumbers(input, region.contactsPerDay);
    reffWeighted += reff * region.population;
    const unmitigatedPeak = peakBedShare(input, r0);
    const mitigatedPeak = peakBedShare(input, reff);
    // An agent's load at gamma 0 is the unmitigated peak bed demand of the people it stands for.
    const bedsPerAgent = unitsPerAgent * unmitigatedPeak;
    return {
      basinId: basinIds[index] as string,
      agentPrefix: agentPrefixes[index] as string,
      agents: counts[index] as number,
      capacity: bedsPerAgent > 0 ? region.hospitalBeds / bedsPerAgent : Number.POSITIVE_INFINITY,
      depth: 5,
      // Measures flatten the curve: load per agent 1 / (1 + gamma) = mitigated / unmitigated peak.
      gamma: unmitigatedPeak > 0 && mitigatedPeak > 0 ? unmitigatedPeak / mitigatedPeak - 1 : 10,
      lambda: 5 * travel + 1 - interventions.testingAndTracing,
      homeWeight: 10 * (1 - 0.7 * travel),
    };
  });

  const population = regions.reduce((sum, region) => sum + region.population, 0);
  const growthPerDay = Math.max(0, reffWeighted / population - 1) / disease.infectiousDays;
  return siteScenario(sites, {
    seed: input.seed,
    rows: squareRows(regions.length),
    gap: 1 + 6 * interventions.travelRestrictions,
    nodeLabels: { x: 'regions, west to east', y: 'regions, south to north' },
    rules: {
      erosionRate: round(clamp(0.1 * growthPerDay, 0.005, 1)),
      recoveryRate: round(clamp(1 / disease.hospitalStayDays, 0, 1)),
    },
  });
}

/**
 * Epidemic: regions with populations, contact rates and hospitals; an outbreak that overwhelms
 * a region's hospitals is a basin loss.
 */
export const epidemicAdapter = defineAdapter({
  id: 'epidemic',
  label: 'Epidemic across regions',
  description: [
    'Regions with populations, contact rates and hospital beds under a spreading infection, one tick per day.',
    "Each region's hospital system is an attractor; its basin capacity is the number of agents whose unmitigated peak bed demand the beds can carry, so a basin loss is an outbreak overwhelming that region's hospitals, and the patients who then seek care next door can tip the neighbours (a cascade).",
    'Agents are groups of residents, one per `peoplePerAgent` people (about 1 000 agents by default), placed in their home region.',
    'gamma (capacity/order) is how far the measures flatten the curve: each agent loads its hospitals by peak demand with measures / peak demand without (SIR peak prevalence), so distancing, masks and tracing raise gamma.',
    'lambda (latency/chaos) is travel between regions plus the delay before cases are found: mobility raises it, travel restrictions and testing lower it; travel restrictions also widen the gaps between regions.',
    'Rules: erosion follows the epidemic growth rate (Reff − 1) / infectious days, recovery is one over the hospital stay.',
  ].join(' '),
  inputSchema: EpidemicInputSchema,
  example: {
    seed: 7,
    regions: [
      { name: 'Capital', population: 2_400_000, contactsPerDay: 14, hospitalBeds: 5_200 },
      { name: 'North', population: 900_000, contactsPerDay: 10, hospitalBeds: 1_600 },
      { name: 'Harbour', population: 1_100_000, contactsPerDay: 12, hospitalBeds: 2_000 },
      { name: 'Valley', population: 600_000, contactsPerDay: 8, hospitalBeds: 1_500 },
      { name: 'Highlands', population: 300_000, contactsPerDay: 7, hospitalBeds: 900 },
      { name: 'South coast', population: 700_000, contactsPerDay: 11, hospitalBeds: 1_100 },
    ],
    disease: { transmissionProbability: 0.05, infectiousDays: 5, hospitalizationRate: 0.015, hospitalStayDays: 8 },
    interventions: { distancing: 0, masks: 0, travelRestrictions: 0, testingAndTracing: 0 },
    mobility: 0.3,
  },
  toScenario,
});
