import { LIMITS, ScenarioSchema, type ScenarioInput } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import { describeAdapter } from '../src/describe-adapter.js';
import type { DomainAdapter } from '../src/domain-adapter.js';
import { DEFAULT_AGENT_BUDGET } from '../src/shared/allocate-agents.js';
import { epidemicAdapter, EpidemicInputSchema, peakPrevalence, reproductionNumbers, type EpidemicInput } from '../src/adapters/epidemic.js';

type RawInput = Record<string, unknown>;

const oneRegion = (overrides: RawInput = {}, input: RawInput = {}): EpidemicInput =>
  EpidemicInputSchema.parse({
    regions: [{ name: 'Capital', population: 1_000_000, contactsPerDay: 12, hospitalBeds: 3_000, ...overrides }],
    peoplePerAgent: 1_000,
    ...input,
  });

const build = (input: EpidemicInput): ScenarioInput => epidemicAdapter.toScenario(input);
const firstAgent = (scenario: ScenarioInput) => scenario.agents[0] ?? expect.fail('no agent');
const policy = (scenario: ScenarioInput) => ({ lambda: firstAgent(scenario).policy?.lambda ?? NaN, gamma: firstAgent(scenario).policy?.gamma ?? NaN });

describe('epidemic adapter: mapping', () => {
  it('its example is valid and yields a valid scenario', () => {
    const scenario = build(EpidemicInputSchema.parse(epidemicAdapter.example));
    expect(ScenarioSchema.safeParse(scenario).success).toBe(true);
    expect(scenario.initialState.attractors).toHaveLength(6);
    expect(scenario.initialState.attractors?.[0]?.id).toBe('capital-hospitals');
  });

  it('gives one agent per peoplePerAgent residents of each region', () => {
    const scenario = build(
      EpidemicInputSchema.parse({
        regions: [
          { name: 'A', population: 250_000, hospitalBeds: 100 },
          { name: 'B', population: 80_000, hospitalBeds: 100 },
        ],
        peoplePerAgent: 1_000,
      }),
    );
    expect(scenario.agents.filter((a) => a.id.startsWith('a-people-'))).toHaveLength(250);
    expect(scenario.agents.filter((a) => a.id.startsWith('b-people-'))).toHaveLength(80);
  });

  it('more population gives more agents, up to the engine cap', () => {
    const counts = [10_000, 100_000, 1_000_000].map((population) => build(oneRegion({ population })).agents.length);
    expect(counts[0]).toBeLessThan(counts[1] as number);
    expect(counts[1]).toBeLessThan(counts[2] as number);
    const huge = build(
      EpidemicInputSchema.parse({
        regions: Array.from({ length: 64 }, (_, i) => ({ name: `R${i}`, population: 2_000_000_000, hospitalBeds: 1 })),
        peoplePerAgent: 1,
      }),
    );
    expect(huge.agents.length).toBeLessThanOrEqual(LIMITS.maxAgents);
    expect(huge.agents.length).toBeGreaterThan(LIMITS.maxAgents / 2);
  });

  it('scales a large population to about DEFAULT_AGENT_BUDGET agents when no scale is given', () => {
    const scenario = build(EpidemicInputSchema.parse(epidemicAdapter.example));
    expect(scenario.agents.length).toBeGreaterThan(0.95 * DEFAULT_AGENT_BUDGET);
    expect(scenario.agents.length).toBeLessThanOrEqual(1.05 * DEFAULT_AGENT_BUDGET);
  });

  it('hands every input to the seir model: regions, disease, measures, mobility and the reaction', () => {
    const input = EpidemicInputSchema.parse({
      regions: [
        { name: 'Capital', population: 1_000_000, contactsPerDay: 12, hospitalBeds: 3_000, initialInfectious: 40 },
        { name: 'North', population: 500_000, contactsPerDay: 9, hospitalBeds: 800 },
      ],
      disease: { transmissionProbability: 0.07, latentDays: 4, infectiousDays: 6, hospitalizationRate: 0.02, hospitalStayDays: 11 },
      interventions: { distancing: 0.1, masks: 0.2, travelRestrictions: 0.3, testingAndTracing: 0.4 },
      mobility: 0.25,
      reactionStrength: 0.6,
      peoplePerAgent: 1_000,
    });
    const scenario = build(input);
    expect(ScenarioSchema.safeParse(scenario).success).toBe(true);
    expect(scenario.domain?.model).toBe('seir');
    expect(scenario.domain?.parameters).toEqual({
      regions: [
        { site: 'capital-hospitals', name: 'Capital', population: 1_000_000, contactsPerDay: 12, beds: 3_000, initialInfectious: 40 },
        { site: 'north-hospitals', name: 'North', population: 500_000, contactsPerDay: 9, beds: 800, initialInfectious: 0 },
      ],
      transmissionProbability: 0.07,
      latentDays: 4,
      infectiousDays: 6,
      hospitalizationRate: 0.02,
      hospitalStayDays: 11,
      distancing: 0.1,
      masks: 0.2,
      testingAndTracing: 0.4,
      mobility: 0.25,
      travelRestrictions: 0.3,
      reactionStrength: 0.6,
    });
    expect(scenario.initialState.attractors?.map((a) => a.id)).toEqual(['capital-hospitals', 'north-hospitals']);
  });

  it('describes the state its runs show: the seir regions, in domain units', () => {
    const schema = describeAdapter(epidemicAdapter as unknown as DomainAdapter).stateSchema as {
      properties: { model: unknown; regions: { items: { properties: object } } };
    };
    expect(schema.properties.model).toMatchObject({ const: 'seir' });
    expect(Object.keys(schema.properties.regions.items.properties).sort()).toEqual([
      'beds',
      'exposed',
      'hospitalized',
      'infectious',
      'name',
      'recovered',
      'susceptible',
    ]);
  });

  it('seeds the outbreak by default in the first region, 1 per 100 000 residents and at least 1', () => {
    const seeds = (regions: RawInput[]) =>
      (build(EpidemicInputSchema.parse({ regions })).domain?.parameters as { regions: { initialInfectious: number }[] }).regions.map(
        (r) => r.initialInfectious,
      );
    expect(
      seeds([
        { name: 'A', population: 2_500_000, hospitalBeds: 10 },
        { name: 'B', population: 900_000, hospitalBeds: 10 },
      ]),
    ).toEqual([25, 0]);
    expect(seeds([{ name: 'A', population: 3_000, hospitalBeds: 10 }])).toEqual([1]);
    expect(
      seeds([
        { name: 'A', population: 3_000, hospitalBeds: 10, initialInfectious: 0 },
        { name: 'B', population: 9_000, hospitalBeds: 10, initialInfectious: 7 },
      ]),
    ).toEqual([0, 7]);
  });

  it('a basin is lost once the overload summed over the days reaches overloadDays; it recovers as patients leave', () => {
    expect(build(oneRegion()).rules?.erosionRate).toBe(1);
    expect(build(oneRegion({}, { overloadDays: 4 })).rules?.erosionRate).toBeCloseTo(0.25, 6);
    expect(build(oneRegion({}, { overloadDays: 0.1 })).rules?.erosionRate).toBeCloseTo(10, 6);
  });

  it('reproduction numbers: R0 = contacts × probability × infectious days, each measure lowers Reff', () => {
    const input = oneRegion();
    expect(reproductionNumbers(input, 12)).toEqual({ r0: expect.closeTo(3, 9), reff: expect.closeTo(3, 9) });
    for (const interventions of [{ distancing: 0.3 }, { masks: 0.5 }, { testingAndTracing: 0.5 }]) {
      expect(reproductionNumbers(oneRegion({}, { interventions }), 12).reff).toBeLessThan(3);
    }
    expect(reproductionNumbers(oneRegion({}, { interventions: { distancing: 0.3, masks: 0.5 } }), 12).reff).toBeCloseTo(3 * 0.7 * 0.75, 9);
  });

  it('mobility raises lambda; travel restrictions lower it', () => {
    const base = policy(build(oneRegion({}, { mobility: 0.3 }))).lambda;
    expect(policy(build(oneRegion({}, { mobility: 0.8 }))).lambda).toBeGreaterThan(base);
    expect(policy(build(oneRegion({}, { mobility: 0.3, interventions: { travelRestrictions: 0.8 } }))).lambda).toBeLessThan(base);
  });

  it('travel restrictions tie residents more tightly to their home hospitals', () => {
    const weight = (scenario: ScenarioInput) => firstAgent(scenario).attractorPreferences?.['capital-hospitals'] ?? NaN;
    expect(weight(build(oneRegion({}, { interventions: { travelRestrictions: 1 } })))).toBeGreaterThan(weight(build(oneRegion())));
  });

  it('recovery is one over the hospital stay', () => {
    expect(build(oneRegion({}, { disease: { hospitalStayDays: 10 } })).rules?.recoveryRate).toBeCloseTo(0.1, 6);
    expect(build(oneRegion({}, { disease: { hospitalStayDays: 4 } })).rules?.recoveryRate).toBeCloseTo(0.25, 6);
  });

  it('takes the seed from the input and is deterministic', () => {
    const input = oneRegion({}, { seed: 42 });
    expect(build(input).seed).toBe(42);
    expect(build(oneRegion()).seed).toBe(1);
    expect(JSON.stringify(build(input))).toBe(JSON.stringify(build(input)));
  });

  it('peak prevalence is 0 at or below R = 1 and grows with R', () => {
    expect(peakPrevalence(0.8)).toBe(0);
    expect(peakPrevalence(1)).toBe(0);
    expect(peakPrevalence(2)).toBeGreaterThan(peakPrevalence(1.5));
    expect(peakPrevalence(2.5)).toBeCloseTo(0.2335, 3);
  });

  it('rejects what a person of the domain would call nonsense, at the field', () => {
    const result = EpidemicInputSchema.safeParse({
      regions: [
        { name: 'X', population: -5, hospitalBeds: 10 },
        { name: 'Y', population: 5, hospitalBeds: 10, initialInfectious: 6 },
      ],
      interventions: { distancing: 2 },
      disease: { latentDays: 0 },
      reactionStrength: 1.5,
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(
      expect.arrayContaining(['regions.0.population', 'regions.1.initialInfectious', 'interventions.distancing', 'disease.latentDays', 'reactionStrength']),
    );
    // Region X gave no initialInfectious: its population's range is its one problem.
    expect(paths).not.toContain('regions.0.initialInfectious');
  });

  it('reports a population refused for its range alone, whatever initialInfectious says', () => {
    for (const population of [-5, 0]) {
      const result = EpidemicInputSchema.safeParse({ regions: [{ name: 'X', population, hospitalBeds: 10, initialInfectious: 50 }] });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['regions.0.population', 'Too small: expected number to be >=1'],
      ]);
    }
  });
});
