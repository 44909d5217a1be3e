import { LIMITS, type ScenarioInput } from '@sim/engine';
import { z } from 'zod';
import { defineAdapter } from '../domain-adapter.js';
import { allocateAgents } from '../shared/allocate-agents.js';
import { entityIds } from '../shared/entity-ids.js';
import { round } from '../shared/clamp.js';
import { squareRows } from '../shared/layout.js';
import { flagDuplicateNames } from '../shared/unique-names.js';
import { siteScenario, type SiteSpec } from '../shared/site-scenario.js';
import { AdapterSeedSchema } from '../shared/seed.js';

const PatchSchema = z
  .object({
    name: z.string().min(1).max(100).describe('Name of the pasture or habitat patch'),
    carryingCapacity: z
      .number()
      .min(0)
      .max(1e9)
      .describe('Animals the patch feeds for good: the stocking at which its grazed equilibrium disappears (more and the forage collapses)'),
    animals: z.number().int().min(0).max(1e9).describe('Grazing animals on the patch now'),
  })
  .strict();

const ManagementSchema = z
  .object({
    destocking: z.number().min(0).max(1).default(0).describe('Share of the animals sold off or moved out before the season'),
  })
  .strict();

const ClimateSchema = z
  .object({
    droughtsPerYear: z
      .number()
      .min(0)
      .max(52)
      .default(0.5)
      .describe(
        'Random droughts per patch per year of weeks without one: a drought starts with the chance droughtsPerYear / 52 in each week none runs there, and the next may start the week after one ends, so with droughtWeeks d a patch sees droughtsPerYear / (1 + (d − 1) · droughtsPerYear / 52) a year (0.88 for 1 a year of 8 weeks); each touches one patch',
      ),
    droughtSeverity: z.number().min(0).max(1).default(0.4).describe('Share of the forage’s regrowth rate a random drought takes away (0 to 1)'),
    droughtWeeks: z.number().int().min(1).max(520).default(8).describe('Weeks a random drought lasts'),
  })
  .strict();

const DroughtSchema = z
  .object({
    patches: z.array(z.string().min(1).max(100)).min(1).max(LIMITS.maxAttractors).describe('Names of the patches it touches (and no others)'),
    startWeek: z.number().int().min(1).max(1_000_000).describe('First week of the drought'),
    weeks: z.number().int().min(1).max(1_000_000).describe('How many weeks it lasts'),
    severity: z.number().min(0).max(1).describe('Share of the regrowth rate it takes away at those patches'),
  })
  .strict();

/** Input of the ecosystem adapter: a grazed landscape of habitat patches. */
export const EcosystemInputSchema = z
  .object({
    seed: AdapterSeedSchema,
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
      .describe('How freely the herds’ agents roam the map (0 fenced in, 1 free-ranging); the forage model keeps each herd on its patch'),
    regrowthWeeks: z.number().min(1).max(520).default(12).describe('Weeks ungrazed forage takes to regrow from 10 % to 90 % of its standing maximum'),
    intakePerAnimal: z.number().gt(0).max(10).default(0.07).describe('Most forage one animal eats in a week, tonnes of dry matter'),
    halfSaturation: z.number().gt(0).max(0.99).default(0.1).describe('Standing forage, as a share of its maximum, at which an animal eats half its fill'),
    collapseShare: z.number().gt(0).max(0.4).default(0.1).describe('A patch has collapsed once its forage falls below this share of its maximum'),
    management: ManagementSchema.prefault({}).describe('Range management in force'),
    climate: ClimateSchema.prefault({}).describe('Random droughts'),
    droughts: z.array(DroughtSchema).max(100).default([]).describe('Droughts scheduled at named patches'),
    herdersAnticipate: z.boolean().default(true).describe('Herders destock patches forecast to collapse'),
    destockingStrength: z.number().min(0).max(1).default(0.1).describe('Share of a herd its herders sell off per week when they are fully alarmed'),
    animalsPerAgent: z
      .number()
      .min(0.001)
      .optional()
      .describe('Animals one simulated herd stands for; chosen so that the run has about 1 000 agents when left out'),
  })
  .strict()
  .superRefine((input, ctx) => {
    flagDuplicateNames(input.patches, 'patches', 'patch', ctx);
    // The grazed equilibrium's forage is never below K·(1 − h)/2 (where it disappears, at H*):
    // above this bound it falls under the collapse line at fewer animals than H*, so that
    // carryingCapacity would not be the collapse threshold it is documented to be.
    const largestHalfSaturation = 1 - 2 * input.collapseShare;
    if (input.halfSaturation > largestHalfSaturation + 1e-9) {
      ctx.addIssue({
        code: 'custom',
        path: ['halfSaturation'],
        message: `at most 1 − 2 × collapseShare (${round(largestHalfSaturation)} with collapseShare ${input.collapseShare}): above it a pasture collapses while its herd is still below carryingCapacity, since the grazed forage is never below K · (1 − halfSaturation) / 2`,
      });
    }
    const names = new Set(input.patches.map((patch) => patch.name));
    input.droughts.forEach((drought, index) =>
      drought.patches.forEach((name, at) => {
        if (!names.has(name)) ctx.addIssue({ code: 'custom', path: ['droughts', index, 'patches', at], message: `unknown patch "${name}"` });
      }),
    );
  });
export type EcosystemInput = z.output<typeof EcosystemInputSchema>;

/** Logistic growth from 10 % to 90 % of K takes 2·ln 9 / r. */
const LOGISTIC_10_TO_90 = 2 * Math.log(9);

/** The forage maximum K (tonnes) whose grazed equilibrium disappears at `threshold` animals. */
export function forageCapacity(threshold: number, regrowth: number, intake: number, halfShare: number): number {
  // Noy-Meir: positive equilibria solve r(1 − V/K)(V + hK) = H·c; the left side peaks at
  // rK(1 + h)²/4, so the grazed equilibrium vanishes at H* = rK(1 + h)²/(4c).
  return Math.max(1e-6, (4 * intake * threshold) / (regrowth * (1 + halfShare) ** 2));
}

function toScenario(input: EcosystemInput): ScenarioInput {
  const { patches, management, climate } = input;
  const names = patches.map((patch) => patch.name);
  const herds = patches.map((patch) => patch.animals * (1 - management.destocking));
  const { unitsPerAgent, counts } = allocateAgents(herds, input.animalsPerAgent);
  const basinIds = entityIds(names, 'pasture');
  const agentPrefixes = entityIds(names, 'herd');
  const regrowth = LOGISTIC_10_TO_90 / input.regrowthWeeks;
  const specs: SiteSpec[] = patches.map((patch, index) => ({
    basinId: basinIds[index] as string,
    agentPrefix: agentPrefixes[index] as string,
    agents: counts[index] as number,
    // Only what the scenario file shows: from tick 0 on the engine takes the basin's load and
    // capacity from the forage model (docs/engine.md, "Grazing").
    capacity: patch.carryingCapacity / unitsPerAgent,
    depth: 5,
    gamma: 0,
    lambda: 0.5 + 3 * input.herdMobility,
    homeWeight: 10 * (1 - 0.7 * input.herdMobility),
  }));
  const scenario = siteScenario(specs, {
    seed: input.seed,
    rows: squareRows(patches.length),
    gap: 2,
    nodeLabels: { x: 'landscape, west to east', y: 'landscape, south to north' },
    rules: {
      // A collapse reports three times the forage as load: erosion 1 takes the whole depth
      // (and more) that week, so the basin falls exactly when the pasture collapses.
      erosionRate: 1,
      recoveryRate: 0.1,
      shockRate: 0,
      reflexivity: input.herdersAnticipate ? 0.5 : 0,
      prophecyInterval: 10,
      prophecyHorizon: 20,
    },
  });
  const domain = {
    model: 'grazing',
    parameters: {
      pastures: patches.map((patch, index) => {
        const capacity = forageCapacity(patch.carryingCapacity, regrowth, input.intakePerAnimal, input.halfSaturation);
        return {
          name: patch.name,
          site: basinIds[index] as string,
          capacity,
          herd: herds[index] as number,
          regrowth,
          intake: input.intakePerAnimal,
          halfSaturation: input.halfSaturation * capacity,
        };
      }),
      droughts: input.droughts.map((drought) => ({
        pastures: drought.patches,
        startWeek: drought.startWeek,
        weeks: drought.weeks,
        severity: drought.severity,
      })),
      randomDroughts: { perYear: climate.droughtsPerYear, weeks: climate.droughtWeeks, severity: climate.droughtSeverity },
      collapseShare: input.collapseShare,
      destockingStrength: input.destockingStrength,
    },
  };
  const withDomain = { ...scenario, domain };
  return withDomain;
}

/**
 * Ecosystem: herds on pastures whose forage regrows logistically and is grazed down (Noy-Meir);
 * a pasture whose forage collapses is a basin loss.
 */
export const ecosystemAdapter = defineAdapter({
  id: 'ecosystem',
  label: 'Grazed rangeland ecosystem',
  description: [
    'Pastures whose forage regrows and is grazed, one tick per week, run by the engine’s `grazing` model (Noy-Meir 1975): per patch, dV/dt = r·V·(1 − V/K) − H·c·V/(V + h·K), with V the standing forage (tonnes of dry matter), H the herd, c `intakePerAnimal`, h `halfSaturation` and r = 2·ln 9 / `regrowthWeeks` (ungrazed forage regrows from 10 % to 90 % of K in `regrowthWeeks`).',
    'K is set so that `carryingCapacity` is the collapse threshold: the grazed equilibrium exists for H below H* = r·K·(1 + h)²/(4c) and disappears above it, after which the forage runs down to bare ground; K = 4c·H*/(r·(1 + h)²).',
    'A patch has collapsed once V falls below `collapseShare` · K; each patch is an attractor whose basin falls in the week it collapses (the model reports three times the forage as load, erosion rate 1).',
    'Droughts cut r by their severity at exactly the patches they name, for their weeks (`droughts`), or at random at one patch at a time (`climate`: a chance of droughtsPerYear / 52 per patch in each week without a drought there).',
    'Destocking removes animals before the run; herders who anticipate (reflexivity 0.5) sell off `destockingStrength` × alarm of a herd each week while a collapse of its patch is forecast, so a forecast collapse can be averted.',
    'Agents are herds, one per `animalsPerAgent` animals (about 1 000 agents by default), placed on their patch; gamma (capacity/order) is 0 and lambda (latency/chaos) is herd mobility, which moves the agents on the map only.',
    'Validation (docs/engine.md, "Grazing"): the forage stays at the upper equilibrium within 1 % at 0.97 H* and collapses at 1.03 H*; the week of collapse is 0 to 1 week after an independent RK4 integration of the same equation from 1.05 to 3 times H* (at 1.1×, week 47 against 46.7 with the defaults).',
  ].join(' '),
  domainModel: 'grazing',
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
    management: { destocking: 0 },
    climate: { droughtsPerYear: 1, droughtSeverity: 0.4, droughtWeeks: 8 },
    droughts: [{ patches: ['East slope', 'North range'], startWeek: 20, weeks: 10, severity: 0.5 }],
    herdersAnticipate: true,
    destockingStrength: 0.1,
  },
  toScenario,
});
