import { LIMITS, ScenarioSchema, type ScenarioInput } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AGENT_BUDGET } from '../src/shared/allocate-agents.js';
import { epidemicAdapter, EpidemicInputSchema, peakPrevalence, type EpidemicInput } from '../src/adapters/epidemic.js';

type RawInput = Record<string, unknown>;

const oneRegion = (overrides: RawInput = {}, input: RawInput = {}): EpidemicInput =>
  EpidemicInputSchema.parse({
    regions: [{ name: 'Capital', population: 1_000_000, contactsPerDay: 12, hospitalBeds: 3_000, ...overrides }],
    peoplePerAgent: 1_000,
    ...input,
  });

const build = (input: EpidemicInput): ScenarioInput => epidemicAdapter.toScenario(input);
const basin = (scenario: ScenarioInput, index = 0) => scenario.initialState.attractors?.[index] ?? expect.fail('no attractor');
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

  it('more hospital beds give a larger basin capacity', () => {
    const small = basin(build(oneRegion({ hospitalBeds: 1_000 }))).capacity;
    const large = basin(build(oneRegion({ hospitalBeds: 4_000 }))).capacity;
    expect(large).toBeCloseTo(4 * small, 3);
  });

  it('capacity is the number of agents whose unmitigated peak bed demand the beds carry', () => {
    // R0 = 12 × 0.05 × 5 = 3; peak prevalence 1 − (1 + ln 3) / 3; beds per case-day factor 8 / 5.
    const share = 0.05 * Math.min(1, (peakPrevalence(3) * 8) / 5);
    expect(basin(build(oneRegion())).capacity).toBeCloseTo(3_000 / (1_000 * share), 3);
  });

  it('distancing, masks and tracing raise gamma (a flatter curve) and slow erosion', () => {
    const none = build(oneRegion());
    expect(policy(none).gamma).toBe(0);
    let previous = policy(none).gamma;
    for (const distancing of [0.2, 0.4, 0.6]) {
      const gamma = policy(build(oneRegion({}, { interventions: { distancing } }))).gamma;
      expect(gamma).toBeGreaterThan(previous);
      previous = gamma;
    }
    expect(policy(build(oneRegion({}, { interventions: { masks: 0.5 } }))).gamma).toBeGreaterThan(0);
    expect(policy(build(oneRegion({}, { interventions: { testingAndTracing: 0.5 } }))).gamma).toBeGreaterThan(0);
    const distanced = build(oneRegion({}, { interventions: { distancing: 0.4 } }));
    expect(distanced.rules?.erosionRate).toBeLessThan(none.rules?.erosionRate as number);
  });

  it('a region whose measures push Reff below 1 gets the largest gamma', () => {
    expect(policy(build(oneRegion({}, { interventions: { distancing: 0.9 } }))).gamma).toBe(10);
  });

  it('mobility raises lambda; travel restrictions and tracing lower it', () => {
    const base = policy(build(oneRegion({}, { mobility: 0.3 }))).lambda;
    expect(policy(build(oneRegion({}, { mobility: 0.8 }))).lambda).toBeGreaterThan(base);
    expect(policy(build(oneRegion({}, { mobility: 0.3, interventions: { travelRestrictions: 0.8 } }))).lambda).toBeLessThan(base);
    expect(policy(build(oneRegion({}, { mobility: 0.3, interventions: { testingAndTracing: 0.8 } }))).lambda).toBeLessThan(base);
  });

  it('travel restrictions tie residents more tightly to their home hospitals', () => {
    const weight = (scenario: ScenarioInput) => firstAgent(scenario).attractorPreferences?.['capital-hospitals'] ?? NaN;
    expect(weight(build(oneRegion({}, { interventions: { travelRestrictions: 1 } })))).toBeGreaterThan(weight(build(oneRegion())));
  });

  it('recovery is one over the hospital stay', () => {
    expect(build(oneRegion({}, { disease: { hospitalStayDays: 10 } })).rules?.recoveryRate).toBeCloseTo(0.1, 6);
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
    const result = EpidemicInputSchema.safeParse({ regions: [{ name: 'X', population: -5, hospitalBeds: 10 }], interventions: { distancing: 2 } });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['regions.0.population', 'interventions.distancing']));
  });
});
