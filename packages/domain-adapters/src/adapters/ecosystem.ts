import { LIMITS, type ScenarioInput } from '@sim/engine';
import { z } from 'zod';
import { defineAdapter } from '../domain-adapter.js';
import { allocateAgents } from '../shared/allocate-agents.js';
import { clamp, round } from '../shared/clamp.js';
import { entityIds } from '../shared/entity-ids.js';
import { squareRows } from '../shared/layout.js';
import { siteScenario, type SiteSpec } from '../shared/site-scenario.js';

const PatchSchema = z
  .object({
    name: z.string().min(1).max(100).describe('Name of the pasture or habitat patch'),
    carryingCapacity: z.number().min(0).max(1e9).describe('Grazing animals the patch feeds year after year without degrading'),
    animals: z.number().int().min(0).max(1e9).describe('Grazing animals on the patch now'),
  })
  .strict();

const ManagementSchema = z
  .object({
    rotationalGrazing: z
      .number()
      .min(0)
      .max(1)
      .default(0)
      .describe('Share of the herd moved on a rotation that rests pastures (0 continuous grazing, 1 full rotation)'),
    destocking: z.number().min(0).max(1).default(0).describe('Share of the animals sold off or moved out before the season'),
  })
  .strict();

const ClimateSchema = z
  .object({
    droughtsPerYear: z.number().min(0).max(52).default(0.5).describe('Expected droughts per year'),
    droughtSeverity: z.number().min(0).max(1).default(0.4).describe('Share of a patch’s standing forage one drought destroys (0 to 1)'),
  })
  .strict();

/** Input of the ecosystem adapter: a grazed landscape of habitat patches. */
export const EcosystemInputSchema = z
  .object({
    seed: z.number().int().min(0).max(2_147_483_647).default(1).describe('Random seed; the same input and seed give the same run'),
    patches: z
      .array(PatchSchema)
      .min(1)
      .max(LIMITS.maxAttractors)
      .describe('Habitat patches, laid out row by row in the order given; neighbours in the list are neighbours on the land'),
    herdMobility: z
      .number()
      .min(0)
      .max(1)
      .default(0.3)
      .describe('How freely herds roam between patches (0 fenced in, 1 free-ranging)'),
    regrowthWeeks: z.number().min(1).max(520).default(12).describe('Weeks forage needs to regrow once grazing pressure eases'),
    resilienceWeeks: z
      .number()
      .min(1)
      .max(520)
      .default(10)
      .describe('Weeks a patch stands grazing at twice its carrying capacity before it degrades for good'),
    management: ManagementSchema.prefault({}).describe('Range management in force'),
    climate: ClimateSchema.prefault({}).describe('Drought regime'),
    herdersAnticipate: z
      .boolean()
      .default(true)
      .describe('Herders move animals off patches forecast to degrade'),
    animalsPerAgent: z
      .number()
      .min(0.001)
      .optional()
      .describe('Animals one simulated herd stands for; chosen so that the run has about 1 000 agents when left out'),
  })
  .strict();
export type EcosystemInput = z.output<typeof EcosystemInputSchema>;

function toScenario(input: EcosystemInput): ScenarioInput {
  const { patches, management, climate } = input;
  const names = patches.map((patch) => patch.name);
  const { unitsPerAgent, counts } = allocateAgents(
    patches.map((patch) => patch.animals * (1 - management.destocking)),
    input.animalsPerAgent,
  );
  const basinIds = entityIds(names, 'pasture');
  const agentPrefixes = entityIds(names, 'herd');
  const specs: SiteSpec[] = patches.map((patch, index) => ({
    basinId: basinIds[index] as string,
    agentPrefix: agentPrefixes[index] as string,
    agents: counts[index] as number,
    capacity: patch.carryingCapacity / unitsPerAgent,
    depth: 5,
    gamma: 1.5 * management.rotationalGrazing,
    lambda: 0.5 + 3 * input.herdMobility,
    homeWeight: 10 * (1 - 0.7 * input.herdMobility),
  }));
  return siteScenario(specs, {
    seed: input.seed,
    rows: squareRows(patches.length),
    gap: 2,
    nodeLabels: { x: 'landscape, west to east', y: 'landscape, south to north' },
    rules: {
      erosionRate: round(clamp(1 / input.resilienceWeeks, 0.001, 1)),
      recoveryRate: round(clamp(1 / input.regrowthWeeks, 0, 1)),
      shockRate: round(clamp(climate.droughtsPerYear / 52, 0, 1), 6),
      shockMagnitude: round(climate.droughtSeverity),
      reflexivity: input.herdersAnticipate ? 0.5 : 0,
    },
  });
}

/**
 * Ecosystem: grazing herds on habitat patches; a patch grazed past its carrying capacity
 * degrades and its collapse is a basin loss.
 */
export const ecosystemAdapter = defineAdapter({
  id: 'ecosystem',
  label: 'Grazed rangeland ecosystem',
  description: [
    'Habitat patches with a carrying capacity and the grazing animals on them, under droughts and range management, one tick per week.',
    'Each patch is an attractor whose basin is healthy forage: capacity is its carrying capacity in herds; a basin loss is a patch degraded for good (overgrazing collapse), after which its animals move onto the neighbouring patches and can overgraze them in turn (desertification spreading).',
    'Agents are herds, one per `animalsPerAgent` animals (about 1 000 agents by default), placed on their patch; destocking removes animals before the run.',
    'gamma (capacity/order) is rotational grazing: rested pastures take less pressure per animal (1.5 × rotation share).',
    'lambda (latency/chaos) is herd mobility, which also loosens the tie of a herd to its patch.',
    'Rules: erosion 1 / resilience weeks, recovery 1 / regrowth weeks, droughts are random shocks of the given severity, and herders who anticipate move off patches forecast to degrade (positive reflexivity).',
  ].join(' '),
  inputSchema: EcosystemInputSchema,
  example: {
    seed: 5,
    patches: [
      { name: 'River flats', carryingCapacity: 1200, animals: 1450 },
      { name: 'East slope', carryingCapacity: 600, animals: 550 },
      { name: 'Salt pan', carryingCapacity: 300, animals: 360 },
      { name: 'North range', carryingCapacity: 900, animals: 800 },
      { name: 'Acacia woodland', carryingCapacity: 700, animals: 640 },
      { name: 'Dry plateau', carryingCapacity: 400, animals: 500 },
      { name: 'Spring meadow', carryingCapacity: 800, animals: 700 },
      { name: 'Western hills', carryingCapacity: 500, animals: 480 },
      { name: 'Lake shore', carryingCapacity: 1000, animals: 900 },
    ],
    herdMobility: 0.3,
    regrowthWeeks: 12,
    resilienceWeeks: 10,
    management: { rotationalGrazing: 0, destocking: 0 },
    climate: { droughtsPerYear: 1, droughtSeverity: 0.4 },
    herdersAnticipate: true,
  },
  toScenario,
});
