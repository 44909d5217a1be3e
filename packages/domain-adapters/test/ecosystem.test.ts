import { ScenarioSchema, type ScenarioInput } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import { ecosystemAdapter, EcosystemInputSchema, type EcosystemInput } from '../src/adapters/ecosystem.js';

type RawInput = Record<string, unknown>;

const onePatch = (patch: RawInput = {}, input: RawInput = {}): EcosystemInput =>
  EcosystemInputSchema.parse({
    patches: [{ name: 'River flats', carryingCapacity: 1_000, animals: 800, ...patch }],
    animalsPerAgent: 10,
    ...input,
  });

const build = (input: EcosystemInput): ScenarioInput => ecosystemAdapter.toScenario(input);
const basin = (scenario: ScenarioInput) => scenario.initialState.attractors?.[0] ?? expect.fail('no attractor');
const policy = (scenario: ScenarioInput) => scenario.agents[0]?.policy ?? expect.fail('no agent');

describe('ecosystem adapter: mapping', () => {
  it('its example is valid and yields a valid scenario', () => {
    const scenario = build(EcosystemInputSchema.parse(ecosystemAdapter.example));
    expect(ScenarioSchema.safeParse(scenario).success).toBe(true);
    expect(scenario.initialState.attractors).toHaveLength(9);
  });

  it('gives one herd per animalsPerAgent animals; destocking removes herds', () => {
    expect(build(onePatch()).agents).toHaveLength(80);
    expect(build(onePatch({ animals: 1_600 })).agents).toHaveLength(160);
    expect(build(onePatch({}, { management: { destocking: 0.25 } })).agents).toHaveLength(60);
  });

  it('basin capacity is the carrying capacity in herds', () => {
    expect(basin(build(onePatch({ carryingCapacity: 1_000 }))).capacity).toBe(100);
    expect(basin(build(onePatch({ carryingCapacity: 3_000 }))).capacity).toBe(300);
  });

  it('rotational grazing raises gamma; herd mobility raises lambda and loosens the tie to the patch', () => {
    expect(policy(build(onePatch())).gamma).toBe(0);
    expect(policy(build(onePatch({}, { management: { rotationalGrazing: 1 } }))).gamma).toBe(1.5);
    const fenced = build(onePatch({}, { herdMobility: 0 }));
    const roaming = build(onePatch({}, { herdMobility: 1 }));
    expect(policy(roaming).lambda).toBeGreaterThan(policy(fenced).lambda as number);
    const weight = (scenario: ScenarioInput) => scenario.agents[0]?.attractorPreferences?.['river-flats-pasture'] ?? NaN;
    expect(weight(roaming)).toBeLessThan(weight(fenced));
  });

  it('maps resilience, regrowth and droughts onto erosion, recovery and shocks', () => {
    const scenario = build(onePatch({}, { resilienceWeeks: 20, regrowthWeeks: 4, climate: { droughtsPerYear: 2.6, droughtSeverity: 0.7 } }));
    expect(scenario.rules).toMatchObject({ erosionRate: 0.05, recoveryRate: 0.25, shockRate: 0.05, shockMagnitude: 0.7 });
    expect(build(onePatch({}, { herdersAnticipate: false })).rules?.reflexivity).toBe(0);
  });

  it('takes the seed from the input', () => {
    expect(build(onePatch({}, { seed: 3 })).seed).toBe(3);
  });
});
