import { ScenarioSchema, type ScenarioInput } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import { ecosystemAdapter, EcosystemInputSchema, forageCapacity, type EcosystemInput } from '../src/adapters/ecosystem.js';

type RawInput = Record<string, unknown>;
type Pasture = { name: string; site: string; capacity: number; herd: number; regrowth: number; intake: number; halfSaturation: number };
type Domain = {
  model: string;
  parameters: { pastures: Pasture[]; droughts: unknown[]; randomDroughts: unknown; collapseShare: number; destockingStrength: number };
};

const onePatch = (patch: RawInput = {}, input: RawInput = {}): EcosystemInput =>
  EcosystemInputSchema.parse({
    patches: [{ name: 'River flats', carryingCapacity: 1_000, animals: 800, ...patch }],
    animalsPerAgent: 10,
    ...input,
  });

const build = (input: EcosystemInput): ScenarioInput => ecosystemAdapter.toScenario(input);
const domainOf = (scenario: ScenarioInput) => (scenario as ScenarioInput & { domain: Domain }).domain;
const pastureOf = (scenario: ScenarioInput) => domainOf(scenario).parameters.pastures[0] ?? expect.fail('no pasture');
const policy = (scenario: ScenarioInput) => scenario.agents[0]?.policy ?? expect.fail('no agent');

describe('ecosystem adapter: mapping onto the grazing model', () => {
  it('its example is valid and yields a valid scenario with one pasture per patch', () => {
    const scenario = build(EcosystemInputSchema.parse(ecosystemAdapter.example));
    expect(ScenarioSchema.safeParse(scenario).success).toBe(true);
    expect(scenario.initialState.attractors).toHaveLength(9);
    expect(domainOf(scenario).model).toBe('grazing');
    expect(domainOf(scenario).parameters.pastures.map((pasture) => pasture.site)).toEqual(scenario.initialState.attractors?.map((a) => a.id));
  });

  it('gives the model the herd after destocking, and one agent per animalsPerAgent animals', () => {
    expect(build(onePatch()).agents).toHaveLength(80);
    expect(pastureOf(build(onePatch())).herd).toBe(800);
    const destocked = build(onePatch({}, { management: { destocking: 0.25 } }));
    expect(destocked.agents).toHaveLength(60);
    expect(pastureOf(destocked).herd).toBe(600);
  });

  it('sets K so that carryingCapacity is the Noy-Meir threshold rK(1 + h)²/(4c)', () => {
    for (const [carryingCapacity, regrowthWeeks, intakePerAnimal, halfSaturation] of [
      [1_000, 12, 0.07, 0.1],
      [300, 4, 0.02, 0.3],
      [5_000, 52, 0.1, 0.05],
    ] as const) {
      const pasture = pastureOf(build(onePatch({ carryingCapacity }, { regrowthWeeks, intakePerAnimal, halfSaturation })));
      expect(pasture.regrowth).toBeCloseTo((2 * Math.log(9)) / regrowthWeeks, 12);
      expect(pasture.intake).toBe(intakePerAnimal);
      expect(pasture.halfSaturation / pasture.capacity).toBeCloseTo(halfSaturation, 12);
      const threshold = (pasture.regrowth * pasture.capacity * (1 + halfSaturation) ** 2) / (4 * pasture.intake);
      expect(threshold).toBeCloseTo(carryingCapacity, 6);
      expect(forageCapacity(carryingCapacity, pasture.regrowth, intakePerAnimal, halfSaturation)).toBe(pasture.capacity);
    }
  });

  it('passes scheduled and random droughts, collapse line and destocking strength to the model', () => {
    const scenario = build(
      onePatch(
        {},
        {
          droughts: [{ patches: ['River flats'], startWeek: 3, weeks: 5, severity: 0.6 }],
          climate: { droughtsPerYear: 2.6, droughtSeverity: 0.7, droughtWeeks: 6 },
          collapseShare: 0.2,
          destockingStrength: 0.3,
        },
      ),
    );
    expect(domainOf(scenario).parameters).toMatchObject({
      droughts: [{ pastures: ['River flats'], startWeek: 3, weeks: 5, severity: 0.6 }],
      randomDroughts: { perYear: 2.6, severity: 0.7, weeks: 6 },
      collapseShare: 0.2,
      destockingStrength: 0.3,
    });
  });

  it('refuses a drought at a patch the input does not have', () => {
    const result = EcosystemInputSchema.safeParse({
      patches: [{ name: 'River flats', carryingCapacity: 1_000, animals: 800 }],
      droughts: [{ patches: ['Moon'], startWeek: 1, weeks: 1, severity: 0.5 }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['droughts', 0, 'patches', 0]);
  });

  it('rules: a collapse is a basin loss that week, herders anticipate with reflexivity 0.5, no engine shocks', () => {
    expect(build(onePatch()).rules).toMatchObject({ erosionRate: 1, shockRate: 0, reflexivity: 0.5 });
    expect(build(onePatch({}, { herdersAnticipate: false })).rules?.reflexivity).toBe(0);
  });

  it('herd mobility raises lambda and loosens the tie to the patch', () => {
    const fenced = build(onePatch({}, { herdMobility: 0 }));
    const roaming = build(onePatch({}, { herdMobility: 1 }));
    expect(policy(roaming).lambda).toBeGreaterThan(policy(fenced).lambda as number);
    const weight = (scenario: ScenarioInput) => scenario.agents[0]?.attractorPreferences?.['river-flats-pasture'] ?? NaN;
    expect(weight(roaming)).toBeLessThan(weight(fenced));
  });

  it('takes the seed from the input', () => {
    expect(build(onePatch({}, { seed: 3 })).seed).toBe(3);
  });
});
