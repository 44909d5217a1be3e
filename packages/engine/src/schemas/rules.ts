import { z } from 'zod';
import { LIMITS } from '../limits.js';

/**
 * Every rule of the model with its default. A scenario overrides any subset; the `set-rule`
 * decree changes one while the simulation runs. docs/engine.md explains each in the equations.
 *
 * @example
 * const interval = scenario.rules?.prophecyInterval ?? RULE_DEFAULTS.prophecyInterval; // 25
 */
export const RULE_DEFAULTS = {
  maxTicks: 100_000,
  ticksPerSecond: 10,
  pull: 0.2,
  friction: 0.2,
  noise: 0.3,
  maxSpeed: 1,
  crowding: 0.05,
  terrainWeight: 1,
  erosionRate: 0.05,
  recoveryRate: 0.01,
  shockRate: 0,
  shockMagnitude: 0.5,
  warningThresholds: [0.5, 0.25] as readonly number[],
  warningHysteresis: 0.02,
  prophecyInterval: 25,
  prophecyHorizon: 20,
  prophecyBranches: 8,
  reflexivity: 0.5,
  paradoxConfidence: 0.8,
  fixedPointIterations: 0,
  fixedPointTolerance: 0.125,
} as const;

const rate = z.number().min(0).max(1);

/**
 * The numeric rules, each with its bounds; the shape of one `set-rule` decree value.
 *
 * @example
 * NUMERIC_RULES.reflexivity.safeParse(2).success; // false: -1 to 1
 */
export const NUMERIC_RULES = {
  maxTicks: z.number().int().min(1).max(1_000_000).describe('The simulation completes at this tick'),
  ticksPerSecond: z.number().gt(0).max(1000).describe('Playback rate at speed 1'),
  pull: z.number().min(0).max(10).describe('Strength of attractor pull'),
  friction: rate.describe('Base loss of velocity per tick, before gamma'),
  noise: z.number().min(0).max(10).describe('Noise amplitude per unit of lambda'),
  maxSpeed: z.number().gt(0).max(16).describe('Largest distance an agent covers in a tick, in cells'),
  crowding: z.number().min(0).max(10).describe('Push away from crowded cells'),
  terrainWeight: z.number().min(0).max(10).describe('How strongly agents drift downhill on the terrain'),
  erosionRate: z.number().min(0).max(10).describe('Depth lost per tick per unit of overload, as a fraction of initial depth'),
  recoveryRate: rate.describe('Fraction of missing depth regained per tick while not overloaded'),
  shockRate: rate.describe('Chance per tick of a random environmental shock'),
  shockMagnitude: z.number().min(0).max(10).describe('Size of random shocks, as a fraction of a basin depth'),
  warningHysteresis: z.number().min(0).max(0.5).describe('How far stability must climb back above a threshold before it can warn again'),
  prophecyInterval: z.number().int().min(0).max(100_000).describe('Ticks between prophecies; 0 switches them off'),
  prophecyHorizon: z.number().int().min(1).max(LIMITS.maxProphecyHorizon).describe('Ticks each prophecy branch looks ahead'),
  prophecyBranches: z.number().int().min(1).max(LIMITS.maxProphecyBranches).describe('Branches in each prophecy ensemble'),
  reflexivity: z.number().min(-1).max(1).describe('How agents react to prophecies: > 0 flee predicted losses, < 0 crowd into them'),
  paradoxConfidence: z.number().min(0.5).max(1).describe('Probability at which a prophecy counts as confident'),
  fixedPointIterations: z
    .number()
    .int()
    .min(0)
    .max(LIMITS.maxFixedPointIterations)
    .describe(
      'Engine 1.2.0 on: reaction ensembles a prophecy may run to find a forecast consistent with the reaction to it; 0 switches fixed-point prophecies off',
    ),
  fixedPointTolerance: rate.describe(
    'Engine 1.2.0 on: largest change of any loss probability at which a forecast counts as consistent with the reaction to it',
  ),
} as const;
/**
 * The name of a numeric rule: what a `set-rule` decree may change.
 *
 * @example
 * const rule: NumericRuleName = 'shockRate';
 */
export type NumericRuleName = keyof typeof NUMERIC_RULES;
/**
 * Every numeric rule's name.
 *
 * @example
 * NUMERIC_RULE_NAMES.includes('noise'); // true
 */
export const NUMERIC_RULE_NAMES = Object.keys(NUMERIC_RULES) as NumericRuleName[];

/**
 * Rule overrides as a scenario writes them.
 *
 * @example
 * RulesSchema.parse({ prophecyInterval: 10, warningThresholds: [0.6, 0.3] });
 */
export const RulesSchema = z
  .object({
    ...Object.fromEntries(NUMERIC_RULE_NAMES.map((name) => [name, NUMERIC_RULES[name].optional()])),
    warningThresholds: z.array(z.number().gt(0).lt(1)).max(8).optional().describe('Stability levels whose crossing yields a warning'),
  } as { [K in NumericRuleName]: z.ZodOptional<(typeof NUMERIC_RULES)[K]> } & {
    warningThresholds: z.ZodOptional<z.ZodArray<z.ZodNumber>>;
  })
  .strict();
/**
 * Rule overrides as a scenario writes them.
 *
 * @example
 * const rules: Rules = { reflexivity: -0.5, shockRate: 0.02 };
 */
export type Rules = z.infer<typeof RulesSchema>;

/**
 * Every rule present: the scenario's overrides over the defaults.
 *
 * @example
 * const rules: ResolvedRules = sim.snapshot().rules;
 * console.log(rules.prophecyHorizon);
 */
export type ResolvedRules = { [K in NumericRuleName]: number } & { warningThresholds: number[] };

/**
 * Fills in defaults; thresholds are sorted high to low so crossings are reported in order.
 *
 * @example
 * resolveRules({ noise: 1 }).pull; // 0.2, the default
 */
export function resolveRules(rules: Rules | undefined): ResolvedRules {
  const merged = { ...RULE_DEFAULTS, ...stripUndefined(rules ?? {}) };
  return { ...merged, warningThresholds: [...merged.warningThresholds].sort((a, b) => b - a) } as ResolvedRules;
}

function stripUndefined<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> };
}
