import { ScenarioSchema, type ScenarioInput } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import { suppliersOf, supplyChainAdapter, SupplyChainInputSchema, type SupplyChainInput } from '../src/adapters/supply-chain.js';

type RawInput = Record<string, unknown>;

const oneSite = (site: RawInput = {}, input: RawInput = {}): SupplyChainInput =>
  SupplyChainInputSchema.parse({
    sites: [{ name: 'DC North', capacityPerDay: 1_000, demandPerDay: 900, leadTimeDays: 7, safetyStockDays: 3, ...site }],
    unitsPerAgent: 10,
    ...input,
  });

interface ModelSite {
  name: string;
  attractor: string;
  supplier: number | null;
  capacityPerDay: number;
  demandPerDay: number;
  leadTimeDays: number;
  safetyStockDays: number;
}

const build = (input: SupplyChainInput): ScenarioInput => supplyChainAdapter.toScenario(input);
const domainOf = (scenario: ScenarioInput) => {
  const domain = scenario.domain ?? expect.fail('no domain block');
  return { model: domain.model, parameters: domain.parameters as Record<string, unknown> & { sites: ModelSite[] } };
};
const policy = (scenario: ScenarioInput) => scenario.agents[0]?.policy ?? expect.fail('no agent');

describe('supply-chain adapter: mapping', () => {
  it('its example is valid and yields a valid scenario with the stock-flow model', () => {
    const scenario = build(SupplyChainInputSchema.parse(supplyChainAdapter.example));
    const checked = ScenarioSchema.safeParse(scenario);
    expect(checked.error?.issues ?? []).toEqual([]);
    expect(scenario.initialState.attractors?.map((a) => a.id)).toContain('plant-porto-in-stock');
    expect(domainOf(scenario).model).toBe('stock-flow');
    expect(supplyChainAdapter.domainModel).toBe('stock-flow');
  });

  it('maps every site field onto the model, lead times in whole days', () => {
    const { parameters } = domainOf(build(oneSite({ capacityPerDay: 1_200, demandPerDay: 950, leadTimeDays: 6.6, safetyStockDays: 2.5 })));
    expect(parameters.sites).toEqual([
      { name: 'DC North', attractor: 'dc-north-in-stock', supplier: null, capacityPerDay: 1_200, demandPerDay: 950, leadTimeDays: 7, safetyStockDays: 2.5 },
    ]);
    expect(domainOf(build(oneSite({ leadTimeDays: 0.5 }))).parameters.sites[0]?.leadTimeDays).toBe(1);
  });

  it('maps every network-wide field onto the model', () => {
    const input = oneSite(
      {},
      {
        demandVariability: 0.4,
        forecastSmoothing: 0.2,
        overOrdering: 2.5,
        panicBuying: true,
        orderSwitching: 0.7,
        stockOutToleranceDays: 3,
        disruptions: { perYear: 73, severity: 0.6 },
      },
    );
    const { parameters } = domainOf(build(input));
    expect(parameters).toMatchObject({
      demandVariability: 0.4,
      forecastSmoothing: 0.2,
      reactionStrength: 2.5,
      panicBuying: true,
      orderSwitching: 0.7,
      stockOutToleranceDays: 3,
      disruptionSeverity: 0.6,
    });
    expect(parameters.disruptionsPerDay).toBeCloseTo(0.2, 12);
  });

  it('gives one order stream per unitsPerAgent units of the daily demand a site sees, its customers’ orders included', () => {
    expect(build(oneSite({ demandPerDay: 900 })).agents).toHaveLength(90);
    expect(build(oneSite({ demandPerDay: 1_800, capacityPerDay: 2_000 })).agents).toHaveLength(180);
    expect(build(oneSite({ demandPerDay: 0 })).agents).toHaveLength(0);
    const chain = build(
      SupplyChainInputSchema.parse({
        unitsPerAgent: 10,
        sites: [
          { name: 'DC', role: 'warehouse', capacityPerDay: 5_000 },
          { name: 'Shop', role: 'store', capacityPerDay: 300, demandPerDay: 400 },
        ],
      }),
    );
    // The DC sees what the shop can take in: 300 a day, 30 streams; the shop 400, 40.
    expect(chain.agents.filter((agent) => agent.id.startsWith('dc-')).length).toBe(30);
    expect(chain.agents.filter((agent) => agent.id.startsWith('shop-')).length).toBe(40);
  });

  it('a basin erodes only on a lasting backlog: no shocks, erosion 1, capacity the tolerance in units', () => {
    const scenario = build(oneSite({ demandPerDay: 900 }, { stockOutToleranceDays: 2, disruptions: { perYear: 50, severity: 1 } }));
    expect(scenario.rules).toMatchObject({ erosionRate: 1, shockRate: 0, reflexivity: 0.5 });
    expect(scenario.initialState.attractors?.[0]?.capacity).toBe(1_800);
  });

  it('longer lead times and more variable demand raise lambda; longer lead times slow recovery; safety stock raises gamma', () => {
    const short = build(oneSite({ leadTimeDays: 3 }));
    const long = build(oneSite({ leadTimeDays: 21 }));
    expect(policy(long).lambda).toBeGreaterThan(policy(short).lambda as number);
    expect(long.rules?.recoveryRate).toBeLessThan(short.rules?.recoveryRate as number);
    expect(policy(build(oneSite({}, { demandVariability: 1 }))).lambda).toBeGreaterThan(policy(build(oneSite({}, { demandVariability: 0 }))).lambda as number);
    expect(policy(build(oneSite({ safetyStockDays: 14 }))).gamma).toBeCloseTo(2, 6);
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

describe('supply-chain adapter: who orders from whom', () => {
  const site = (name: string, role: string, supplier?: string) => ({ name, role, capacityPerDay: 10, ...(supplier === undefined ? {} : { supplier }) });
  const parse = (sites: RawInput[]) => SupplyChainInputSchema.safeParse({ sites });

  it('by default a site orders from the nearest upstream tier present, its sites in turn; the top tier makes its own', () => {
    const input = SupplyChainInputSchema.parse({
      sites: [site('Mine', 'supplier'), site('Lyon', 'factory'), site('Porto', 'factory'), site('A', 'store'), site('B', 'store'), site('C', 'store')],
    });
    // Stores skip the missing warehouse tier and share the factories in turn.
    expect(suppliersOf(input.sites)).toEqual([null, 0, 0, 1, 2, 1]);
  });

  it('a named supplier wins', () => {
    const input = SupplyChainInputSchema.parse({
      sites: [site('Mine', 'supplier'), site('Lyon', 'factory'), site('Porto', 'factory'), site('A', 'store', 'Porto'), site('B', 'store', 'Mine')],
    });
    expect(suppliersOf(input.sites)).toEqual([null, 0, 0, 2, 0]);
    expect(domainOf(build(input)).parameters.sites.map((s) => s.supplier)).toEqual([null, 0, 0, 2, 0]);
  });

  it('refuses a supplier that is missing, ambiguous, itself or not upstream', () => {
    expect(parse([site('A', 'store', 'Nowhere')]).success).toBe(false);
    expect(parse([site('X', 'factory'), site('X', 'factory'), site('A', 'store', 'X')]).success).toBe(false);
    expect(parse([site('A', 'store', 'A')]).success).toBe(false);
    expect(parse([site('A', 'store'), site('F', 'factory', 'A')]).success).toBe(false);
    expect(parse([site('W', 'warehouse'), site('V', 'warehouse', 'W')]).success).toBe(false);
    expect(parse([site('F', 'factory'), site('A', 'store', 'F')]).success).toBe(true);
  });
});
