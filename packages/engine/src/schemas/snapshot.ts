import { z } from 'zod';
import { checkStoredDomain } from '../domain/stored-domain.js';
import { DecreeSchema } from './decree.js';
import { CompletionSchema } from './outputs.js';
import { PolicySchema } from './policy.js';
import { CalibratedVerdictSchema } from './prophecy-v4.js';
import { NUMERIC_RULE_NAMES, RULE_DEFAULTS, type NumericRuleName } from './rules.js';

/**
 * Format tag (and version) of every snapshot this engine writes. `Simulation.restore` refuses
 * any other: a snapshot whose layout changes gets a new number, never a silent reinterpretation.
 *
 * @example
 * if (stored.format !== SNAPSHOT_FORMAT) throw new Error('not an engine snapshot');
 */
export const SNAPSHOT_FORMAT = 'sim-engine-snapshot/1';

const count = z.number().int().min(0);
const finite = z.number().finite();
// Per-agent columns hold tens of thousands of numbers and are checked on every restore (every
// step of a stored simulation): one loop per column, not one zod schema per element, keeps the
// check well under the cost of a tick.
const numbers = z.custom<number[]>((value) => Array.isArray(value) && value.every((x) => typeof x === 'number' && Number.isFinite(x)), {
  message: 'expected an array of finite numbers',
});
const slots = z.custom<number[]>((value) => Array.isArray(value) && value.every((x) => Number.isInteger(x) && (x as number) >= -1), {
  message: 'expected an array of integers from -1',
});

export const RandomStreamStateSchema = z.object({ c: finite, s0: finite, s1: finite, s2: finite }).strict();

const OpenProphecySchema = z
  .object({
    seq: count,
    tick: count,
    horizon: count,
    lossProbability: z.record(z.string(), finite),
    settled: z.array(z.string()),
    expectedLossTick: z.record(z.string(), finite.nullable()).optional(),
    reactedLossProbability: z.record(z.string(), finite).optional(),
    verdicts: z.record(z.string(), CalibratedVerdictSchema).optional(),
  })
  .strict();

const AvertedBasinSchema = z.object({ attractor: z.string(), seq: count, tick: count, judgedAt: count, predictedLossProbability: finite }).strict();

const EngineInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('decree'), decree: DecreeSchema, ref: z.string().nullable().optional() }).strict(),
  z.object({ kind: z.literal('policy'), agentId: z.string(), policy: PolicySchema, ref: z.string().nullable().optional() }).strict(),
  z.object({ kind: z.literal('reseed'), seed: finite }).strict(),
]);

// A rule added by a later engine release is absent from older snapshots: its default applies.
const ruleFields = Object.fromEntries(NUMERIC_RULE_NAMES.map((name) => [name, finite.default(RULE_DEFAULTS[name])])) as {
  [K in NumericRuleName]: z.ZodDefault<z.ZodNumber>;
};
const SnapshotRulesSchema = z.object({ ...ruleFields, warningThresholds: numbers }).strict();

/**
 * Everything needed to resume a simulation exactly, random streams included, as plain JSON
 * (numbers survive JSON unchanged, so a restored simulation continues byte for byte). The one
 * declaration of the format: its type, and the check `Simulation.restore` applies to stored JSON.
 *
 * @example
 * const parsed = EngineSnapshotSchema.safeParse(JSON.parse(stored));
 * if (!parsed.success) console.log(parsed.error.issues);
 */
export const EngineSnapshotSchema = z
  .object({
    format: z.literal(SNAPSHOT_FORMAT),
    engineVersion: z.string(),
    // Any finite number, as a scenario's seed and a reseed's (streams derive from its text).
    seed: finite,
    rules: SnapshotRulesSchema,
    width: z.number().int().min(1),
    height: z.number().int().min(1),
    terrain: numbers,
    tick: count,
    completion: CompletionSchema.nullable(),
    agents: z
      .object({
        ids: z.array(z.string()),
        x: numbers,
        y: numbers,
        vx: numbers,
        vy: numbers,
        lambda: numbers,
        gamma: numbers,
        /** Engine 1.2.0 on; absent (everyone 1) before. */
        belief: numbers.optional(),
        basin: slots,
        /** Row per agent, one column per attractor slot in use. */
        preferences: z.array(numbers),
      })
      .strict(),
    attractors: z
      .object({
        ids: z.array(z.string()),
        x: numbers,
        y: numbers,
        depth: numbers,
        initialDepth: numbers,
        radius: numbers,
        capacity: numbers,
        load: numbers,
        lost: z.array(z.boolean()),
      })
      .strict(),
    usedAttractorIds: z.array(z.string()),
    lostOrder: z.array(z.string()),
    streams: z.object({ motion: RandomStreamStateSchema, environment: RandomStreamStateSchema }).strict(),
    stability: finite,
    belowThreshold: z.array(z.boolean()),
    prophecySeq: count,
    /** The prophecy agents react to; it may have closed its horizon and still stand (1.0.0). */
    standing: OpenProphecySchema.nullable(),
    openProphecies: z.array(OpenProphecySchema),
    /** Engine 1.3.0 on: basins judged averted and watched for a later loss; absent before. */
    averted: z.array(AvertedBasinSchema).optional(),
    pending: z.array(EngineInputSchema),
    lastMove: z.string(),
    /** Engine 1.4.0 on, for a world with a domain model: its parameters, state and stream. */
    domain: z.object({ model: z.string(), parameters: z.unknown(), state: z.unknown(), stream: RandomStreamStateSchema }).strict().optional(),
  })
  .strict()
  .superRefine((snapshot, context) => {
    // What the types cannot say: parallel arrays must line up, or the world rebuilt from them
    // would read past their ends.
    const mismatch = (path: (string | number)[], expected: number, actual: number): void => {
      if (actual !== expected) context.addIssue({ code: 'custom', path, message: `expected ${expected} entries, found ${actual}` });
    };
    mismatch(['terrain'], snapshot.width * snapshot.height, snapshot.terrain.length);
    const { agents, attractors } = snapshot;
    // Every column of the two tables, whatever columns the shape above declares.
    for (const [key, column] of Object.entries(agents)) if (column !== undefined) mismatch(['agents', key], agents.ids.length, column.length);
    agents.preferences.forEach((row, i) => mismatch(['agents', 'preferences', i], attractors.ids.length, row.length));
    for (const [key, column] of Object.entries(attractors)) mismatch(['attractors', key], attractors.ids.length, column.length);
    mismatch(['belowThreshold'], snapshot.rules.warningThresholds.length, snapshot.belowThreshold.length);
    agents.basin.forEach((basin, i) => {
      if (basin >= attractors.ids.length) context.addIssue({ code: 'custom', path: ['agents', 'basin', i], message: `no attractor slot ${basin}` });
    });
    if (snapshot.domain !== undefined) checkStoredDomain(snapshot.domain, context);
  });

/**
 * A snapshot as `Simulation.snapshot()` returns it.
 *
 * @example
 * const saved = JSON.stringify(sim.snapshot());
 * const resumed = Simulation.restore(JSON.parse(saved));
 */
export type EngineSnapshot = z.output<typeof EngineSnapshotSchema>;
