import { z } from 'zod';
import { LIMITS } from '../../../limits.js';
import { EntityIdSchema } from '../../../schemas/identifier.js';

/**
 * One pasture of the Noy-Meir grazing model (docs/engine.md, "Grazing"): its forage, its herd
 * and the rates of regrowth and intake.
 *
 * @example
 * PastureSchema.parse({ name: 'River flats', site: 'river-flats-pasture', capacity: 400, herd: 1200, regrowth: 0.1, intake: 0.07, halfSaturation: 40 });
 */
export const PastureSchema = z
  .object({
    name: z.string().min(1).max(100).describe('Name of the pasture'),
    site: EntityIdSchema.describe('Attractor id of the pasture’s basin'),
    capacity: z.number().gt(0).max(1e15).describe('K: standing forage of the ungrazed pasture, in tonnes of dry matter'),
    biomass: z.number().min(0).max(1e15).optional().describe('V at week 0, in tonnes (K when left out)'),
    herd: z.number().min(0).max(1e12).describe('Animals grazing the pasture at week 0'),
    regrowth: z.number().gt(0).max(10).describe('r: intrinsic regrowth rate of the forage, per week'),
    intake: z.number().min(0).max(1e6).describe('c: most forage one animal eats in a week, in tonnes'),
    halfSaturation: z.number().gt(0).max(1e15).describe('V½: standing forage at which an animal eats half its fill, in tonnes'),
  })
  .strict();
/**
 * A pasture with defaults filled in.
 *
 * @example
 * const pasture: Pasture = parameters.pastures[0]!;
 */
export type Pasture = z.infer<typeof PastureSchema>;

/**
 * A drought at named pastures for some weeks: their regrowth rate is cut by `severity`.
 *
 * @example
 * DroughtSchema.parse({ pastures: ['Salt pan'], startWeek: 10, weeks: 8, severity: 0.5 });
 */
export const DroughtSchema = z
  .object({
    pastures: z
      .array(z.string().min(1).max(100))
      .min(1)
      .max(LIMITS.maxAttractors)
      .describe('Names of the pastures it touches (every pasture of a name it lists)'),
    startWeek: z.number().int().min(1).max(1_000_000).describe('First week of the drought'),
    weeks: z.number().int().min(1).max(1_000_000).describe('How many weeks it lasts'),
    severity: z.number().min(0).max(1).describe('Share of the regrowth rate it takes away'),
  })
  .strict();
/**
 * A scheduled drought.
 *
 * @example
 * const drought: Drought = { pastures: ['Salt pan'], startWeek: 10, weeks: 8, severity: 0.5 };
 */
export type Drought = z.infer<typeof DroughtSchema>;

/**
 * Parameters of the `grazing` model, as a scenario's `domain.parameters` writes them.
 *
 * @example
 * GrazingParametersSchema.parse({ pastures: [{ name: 'Flats', site: 'flats', capacity: 400, herd: 1200, regrowth: 0.1, intake: 0.07, halfSaturation: 40 }] });
 */
export const GrazingParametersSchema = z
  .object({
    pastures: z.array(PastureSchema).min(1).max(LIMITS.maxAttractors).describe('The pastures, one site each'),
    droughts: z.array(DroughtSchema).max(1000).default([]).describe('Scheduled droughts'),
    randomDroughts: z
      .object({
        perYear: z.number().min(0).max(52).default(0).describe('Expected droughts per pasture per year (a chance of perYear / 52 each week)'),
        weeks: z.number().int().min(1).max(520).default(8).describe('How long a random drought lasts'),
        severity: z.number().min(0).max(1).default(0.4).describe('Share of the regrowth rate it takes away'),
      })
      .strict()
      .prefault({})
      .describe('Droughts that start at random, each at one pasture'),
    collapseShare: z.number().gt(0).max(1).default(0.1).describe('A pasture has collapsed once its forage falls below this share of K'),
    destockingStrength: z.number().min(0).max(1).default(0.1).describe('Share of a herd sold off per week at alarm 1'),
  })
  .strict()
  .superRefine((parameters, ctx) => {
    const names = new Set(parameters.pastures.map((pasture) => pasture.name));
    const sites = new Set(parameters.pastures.map((pasture) => pasture.site));
    if (sites.size !== parameters.pastures.length) ctx.addIssue({ code: 'custom', path: ['pastures'], message: 'every pasture needs its own site' });
    parameters.droughts.forEach((drought, index) => {
      drought.pastures.forEach((name, at) => {
        if (!names.has(name)) ctx.addIssue({ code: 'custom', path: ['droughts', index, 'pastures', at], message: `unknown pasture "${name}"` });
      });
    });
  });
/**
 * Parameters of the `grazing` model, defaults filled in.
 *
 * @example
 * const parameters: GrazingParameters = GrazingParametersSchema.parse(scenario.domain.parameters);
 */
export type GrazingParameters = z.infer<typeof GrazingParametersSchema>;

/**
 * The whole state of the `grazing` model: the week and every pasture.
 *
 * @example
 * GrazingStateSchema.parse(JSON.parse(JSON.stringify(state)));
 */
export const GrazingStateSchema = z
  .object({
    week: z.number().int().min(0),
    pastures: z.array(
      z
        .object({
          biomass: z.number().min(0),
          herd: z.number().min(0),
          droughtWeeksLeft: z.number().int().min(0).describe('Weeks left of a random drought'),
          drought: z.boolean().describe('A drought touched it in the last week'),
          collapsed: z.boolean(),
        })
        .strict(),
    ),
  })
  .strict();
/**
 * The whole state of the `grazing` model.
 *
 * @example
 * const state: GrazingState = grazingModel.initialState(parameters);
 */
export type GrazingState = z.infer<typeof GrazingStateSchema>;

/**
 * What `state.domain` shows of the grazed range, in tonnes and animals.
 *
 * @example
 * world.state().domain; // { model: 'grazing', week: 12, pastures: [{ name: 'River flats', biomass: 212.4, herd: 1180, … }] }
 */
export const GrazingViewSchema = z
  .object({
    week: z.number().int().describe('Weeks simulated'),
    pastures: z.array(
      z
        .object({
          name: z.string(),
          biomass: z.number().describe('V: standing forage, tonnes of dry matter'),
          herd: z.number().describe('H: animals grazing it'),
          drought: z.boolean().describe('A drought touched it this week'),
          collapsed: z.boolean().describe('Its forage fell below collapseShare · K (for good)'),
        })
        .strict(),
    ),
  })
  .strict();
/**
 * What `state.domain` shows of the grazed range.
 *
 * @example
 * const herds = (view: GrazingView) => view.pastures.map((pasture) => pasture.herd);
 */
export type GrazingView = z.infer<typeof GrazingViewSchema>;
