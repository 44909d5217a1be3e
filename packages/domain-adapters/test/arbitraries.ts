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
const sized = <T>(item: fc.Arbitrary<T>) => siteCount.chain((n) => fc.array(item, { minLength: n, maxLength: n }));
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

/** Raw ecosystem inputs that respect the input schema. */
export const ecosystemInput = fc
  .record({
    seed,
    patches: sized(
      fc.record({
        name,
        carryingCapacity: fc.double({ min: 0, max: 1e9, noNaN: true }),
        animals: fc.integer({ min: 0, max: 1_000_000_000 }),
      }),
    ),
    herdMobility: maybe(share),
    regrowthWeeks: maybe(fc.double({ min: 1, max: 520, noNaN: true })),
    resilienceWeeks: maybe(fc.double({ min: 1, max: 520, noNaN: true })),
    management: maybe(fc.record({ rotationalGrazing: maybe(share), destocking: maybe(share) })),
    climate: maybe(fc.record({ droughtsPerYear: maybe(fc.double({ min: 0, max: 52, noNaN: true })), droughtSeverity: maybe(share) })),
    herdersAnticipate: maybe(fc.boolean()),
    animalsPerAgent: maybe(fc.double({ min: 0.001, max: 1e9, noNaN: true })),
  })
  .map(withoutUndefined);

