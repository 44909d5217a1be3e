import { LIMITS } from '@sim/engine';
import fc from 'fast-check';
import { SITE_ROLES } from '../src/adapters/supply-chain.js';

/** An optional field: left out, or a value. */
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined });
const share = fc.double({ min: 0, max: 1, noNaN: true });
const seed = maybe(fc.integer({ min: 0, max: 2_147_483_647 }));
/** Names as people type them, including ones that leave no usable id and ones that clash. */
const name = fc.oneof(
  fc.string({ minLength: 1, maxLength: 100, unit: 'binary' }),
  fc.constantFrom('North', 'north', 'NORTH!', '---', 'Zürich', '東京', 'a'.repeat(100)),
);
/** How many sites: mostly a few, sometimes the engine's most attractors. */
const siteCount = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 8 }) }, { weight: 1, arbitrary: fc.constant(LIMITS.maxAttractors) });
/** `n` sites of distinct names (an input refuses two of one name; names that differ only in case or are unusable as ids stay). */
const sized = <T extends { name: string }>(item: fc.Arbitrary<T>) =>
  siteCount.chain((n) => fc.uniqueArray(item, { minLength: n, maxLength: n, selector: (site) => site.name }));
const withoutUndefined = (value: Record<string, unknown>) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

/** Raw epidemic inputs that respect the input schema, optional fields sometimes left out. */
export const epidemicInput = fc
  .record({
    seed,
    regions: sized(
      fc
        .record({
          name,
          population: fc.integer({ min: 1, max: 2_000_000_000 }),
          contactsPerDay: maybe(fc.double({ min: 0, max: 100, noNaN: true })),
          hospitalBeds: fc.integer({ min: 0, max: 100_000_000 }),
          seeded: maybe(share),
        })
        // A seed of infection is at most the population.
        .map(({ seeded, ...region }) => ({ ...region, initialInfectious: seeded === undefined ? undefined : Math.floor(seeded * region.population) })),
    ),
    disease: maybe(
      fc.record({
        transmissionProbability: maybe(share),
        latentDays: maybe(fc.double({ min: 0.1, max: 60, noNaN: true })),
        infectiousDays: maybe(fc.double({ min: 1, max: 60, noNaN: true })),
        hospitalizationRate: maybe(share),
        hospitalStayDays: maybe(fc.double({ min: 1, max: 120, noNaN: true })),
      }),
    ),
    interventions: maybe(fc.record({ distancing: maybe(share), masks: maybe(share), travelRestrictions: maybe(share), testingAndTracing: maybe(share) })),
    mobility: maybe(share),
    reactionStrength: maybe(share),
    overloadDays: maybe(fc.double({ min: 0.1, max: 100, noNaN: true })),
    peoplePerAgent: maybe(fc.integer({ min: 1, max: 10_000_000 })),
  })
  .map(withoutUndefined);

/** Raw supply-chain inputs that respect the input schema. */
export const supplyChainInput = fc
  .record({
    seed,
    sites: sized(
      fc.record({
        name,
        role: maybe(fc.constantFrom(...SITE_ROLES)),
        capacityPerDay: fc.double({ min: 0, max: 1e12, noNaN: true }),
        demandPerDay: maybe(fc.double({ min: 0, max: 1e12, noNaN: true })),
        leadTimeDays: maybe(fc.double({ min: 0.5, max: 365, noNaN: true })),
        safetyStockDays: maybe(fc.double({ min: 0, max: 365, noNaN: true })),
      }),
    ),
    demandVariability: maybe(fc.double({ min: 0, max: 2, noNaN: true })),
    forecastSmoothing: maybe(share),
    overOrdering: maybe(fc.double({ min: 0, max: 10, noNaN: true })),
    orderSwitching: maybe(share),
    panicBuying: maybe(fc.boolean()),
    stockOutToleranceDays: maybe(fc.double({ min: 0.001, max: 365, noNaN: true })),
    disruptions: maybe(fc.record({ perYear: maybe(fc.double({ min: 0, max: 365, noNaN: true })), severity: maybe(share) })),
    unitsPerAgent: maybe(fc.double({ min: 0.001, max: 1e9, noNaN: true })),
  })
  .map(withoutUndefined);

/** Raw ecosystem inputs that respect the input schema; droughts name patches of the input. */
export const ecosystemInput = sized(
  fc.record({
    name,
    carryingCapacity: fc.double({ min: 0, max: 1e9, noNaN: true }),
    animals: fc.integer({ min: 0, max: 1_000_000_000 }),
  }),
)
  .chain((patches) =>
    fc.record({
      seed,
      patches: fc.constant(patches),
      herdMobility: maybe(share),
      regrowthWeeks: maybe(fc.double({ min: 1, max: 520, noNaN: true })),
      intakePerAnimal: maybe(fc.double({ min: 0.001, max: 10, noNaN: true })),
      halfSaturation: maybe(fc.double({ min: 0.001, max: 0.99, noNaN: true })),
      collapseShare: maybe(fc.double({ min: 0.001, max: 0.4, noNaN: true })),
      management: maybe(fc.record({ destocking: maybe(share) })),
      climate: maybe(
        fc.record({
          droughtsPerYear: maybe(fc.double({ min: 0, max: 52, noNaN: true })),
          droughtSeverity: maybe(share),
          droughtWeeks: maybe(fc.integer({ min: 1, max: 520 })),
        }),
      ),
      droughts: maybe(
        fc.array(
          fc.record({
            patches: fc.subarray(
              patches.map((patch) => patch.name),
              { minLength: 1 },
            ),
            startWeek: fc.integer({ min: 1, max: 1000 }),
            weeks: fc.integer({ min: 1, max: 100 }),
            severity: share,
          }),
          { maxLength: 3 },
        ),
      ),
      herdersAnticipate: maybe(fc.boolean()),
      destockingStrength: maybe(share),
      animalsPerAgent: maybe(fc.double({ min: 0.001, max: 1e9, noNaN: true })),
    }),
  )
  // carryingCapacity is the collapse threshold only while halfSaturation ≤ 1 − 2 · collapseShare (defaults 0.1 and 0.1).
  .filter((input) => (input.halfSaturation ?? 0.1) <= 1 - 2 * (input.collapseShare ?? 0.1))
  .map(withoutUndefined);

/** Raw bank-run inputs that respect the input schema: unique bank names, exposures between them. */
export const bankRunInput = fc
  .uniqueArray(name, { minLength: 1, maxLength: 8 })
  .chain((names) =>
    fc.record({
      seed,
      banks: fc.tuple(
        ...names.map((bankName) =>
          fc
            .record({
              name: fc.constant(bankName),
              deposits: fc.double({ min: 0.001, max: 1e12, noNaN: true }),
              liquid: fc.double({ min: 0, max: 1e12, noNaN: true }),
              illiquid: maybe(fc.double({ min: 0, max: 1e12, noNaN: true })),
              intervention: maybe(fc.constantFrom('none', 'deposit-insurance', 'suspension')),
              suspendAt: maybe(share),
            })
            // A suspension threshold goes only with a suspension.
            .map((bank) => (bank.intervention === 'suspension' ? bank : { ...bank, suspendAt: undefined })),
        ),
      ),
      impatientShare: maybe(share),
      earlyPayout: maybe(fc.double({ min: 0.01, max: 100, noNaN: true })),
      maturityReturn: maybe(fc.double({ min: 0.01, max: 100, noNaN: true })),
      liquidationValue: maybe(share),
      periodDays: maybe(fc.integer({ min: 1, max: 3650 })),
      dailyNoise: maybe(fc.double({ min: 0, max: 10, noNaN: true })),
      runStrength: maybe(share),
      depositorsAnticipate: maybe(fc.boolean()),
      exposures:
        names.length < 2
          ? fc.constant(undefined)
          : maybe(
              fc.array(
                fc
                  .tuple(
                    fc.integer({ min: 0, max: names.length - 1 }),
                    fc.integer({ min: 1, max: names.length - 1 }),
                    fc.double({ min: 0, max: 1e12, noNaN: true }),
                  )
                  .map(([from, step, amount]) => ({ lender: names[from]!, borrower: names[(from + step) % names.length]!, amount })),
                { maxLength: 4 },
              ),
            ),
      depositsPerAgent: maybe(fc.double({ min: 0.001, max: 1e9, noNaN: true })),
    }),
  )
  .map(withoutUndefined);
