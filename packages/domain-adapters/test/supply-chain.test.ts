import { ScenarioSchema, type ScenarioInput } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import { supplyChainAdapter, SupplyChainInputSchema, type SupplyChainInput } from '../src/adapters/supply-chain.js';

type RawInput = Record<string, unknown>;

const oneSite = (site: RawInput = {}, input: RawInput = {}): SupplyChainInput =>
  SupplyChainInputSchema.parse({
    sites: [{ name: 'DC North', capacityPerDay: 1_000, demandPerDay: 900, leadTimeDays: 7, safetyStockDays: 3, ...site }],
    unitsPerAgent: 10,
    ...input,
  });

const build = (input: SupplyChainInput): ScenarioInput => supplyChainAdapter.toScenario(input);
const basin = (scenario: ScenarioInput) => scenario.initialState.attractors?.[0] ?? expect.fail('no attractor');
const policy = (scenario: ScenarioInput) => scenario.agents[0]?.policy ?? expect.fail('no agent');

describe('supply-chain adapter: mapping', () => {
  it('its example is valid and yields a valid scenario', () => {
    const scenario = build(SupplyChainInputSchema.parse(supplyChainAdapter.example));
    expect(ScenarioSchema.safeParse(scenario).success).toBe(true);
    expect(scenario.initialState.attractors?.map((a) => a.id)).toContain('plant-porto-in-stock');
  });

  it('gives one order stream per unitsPerAgent units of daily demand; more demand, more agents', () => {
    expect(build(oneSite({ demandPerDay: 900 })).agents).toHaveLength(90);
    expect(build(oneSite({ demandPerDay: 1_800 })).agents).toHaveLength(180);
    expect(build(oneSite({ demandPerDay: 0 })).agents).toHaveLength(0);
  });

  it('basin capacity is the shipping capacity in order streams', () => {
    expect(basin(build(oneSite({ capacityPerDay: 1_000 }))).capacity).toBe(100);
    expect(basin(build(oneSite({ capacityPerDay: 2_000 }))).capacity).toBe(200);
  });

  it('safety stock raises gamma (buffer cover) and slows erosion', () => {
    const lean = build(oneSite({ safetyStockDays: 0 }));
    const buffered = build(oneSite({ safetyStockDays: 14 }));
    expect(policy(lean).gamma).toBe(0);
    expect(policy(buffered).gamma).toBeCloseTo(2, 6);
    expect(buffered.rules?.erosionRate).toBeLessThan(lean.rules?.erosionRate as number);
  });

  it('longer lead times and more variable demand raise lambda; longer lead times slow recovery', () => {
    const short = build(oneSite({ leadTimeDays: 3 }));
    const long = build(oneSite({ leadTimeDays: 21 }));
    expect(policy(long).lambda).toBeGreaterThan(policy(short).lambda as number);
    expect(long.rules?.recoveryRate).toBeLessThan(short.rules?.recoveryRate as number);
    expect(policy(build(oneSite({}, { demandVariability: 1 }))).lambda).toBeGreaterThan(policy(build(oneSite({}, { demandVariability: 0 }))).lambda as number);
  });

  it('disruptions become random shocks; panic buying turns reflexivity negative', () => {
    const scenario = build(oneSite({}, { disruptions: { perYear: 73, severity: 0.6 } }));
    expect(scenario.rules?.shockRate).toBeCloseTo(0.2, 6);
    expect(scenario.rules?.shockMagnitude).toBe(0.6);
    expect(build(oneSite({}, { panicBuying: true })).rules?.reflexivity).toBeLessThan(0);
    expect(build(oneSite()).rules?.reflexivity).toBeGreaterThan(0);
  });

  it('order switching loosens the tie of orders to their site', () => {
    const weight = (scenario: ScenarioInput) => scenario.agents[0]?.attractorPreferences?.['dc-north-in-stock'] ?? NaN;
    expect(weight(build(oneSite({}, { orderSwitching: 1 })))).toBeLessThan(weight(build(oneSite({}, { orderSwitching: 0 }))));
  });

  it('lays tiers out as rows, suppliers first', () => {
    const scenario = build(
      SupplyChainInputSchema.parse({
        sites: [
          { name: 'Shop', role: 'store', capacityPerDay: 10, demandPerDay: 10 },
          { name: 'Mine', role: 'supplier', capacityPerDay: 10, demandPerDay: 10 },
        ],
      }),
    );
    const y = (id: string) => scenario.initialState.attractors?.find((a) => a.id === id)?.y ?? NaN;
    expect(y('mine-in-stock')).toBeLessThan(y('shop-in-stock'));
  });

  it('takes the seed from the input', () => {
    expect(build(oneSite({}, { seed: 99 })).seed).toBe(99);
  });
});
