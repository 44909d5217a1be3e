import { Simulation, type EngineEvent } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import { supplyChainAdapter, SupplyChainInputSchema } from '../src/adapters/supply-chain.js';

const BASIN = 'store-in-stock';
const SEEDS = [1, 2, 3, 4];
const DAYS = 100;

/**
 * A case built for a self-fulfilling shortage: one store, demand 10 % under its capacity but
 * erratic (cv 0.3), one day of safety stock; end customers who hoard hard on a forecast
 * stock-out (panic buying, overOrdering 10); a prophecy every 10 days over 16 branches.
 */
const storeScenario = (seed: number, reflexivity: number, panicBuying: boolean) => {
  const input = SupplyChainInputSchema.parse({
    seed,
    demandVariability: 0.3,
    overOrdering: 10,
    panicBuying,
    orderSwitching: 0,
    disruptions: { perYear: 0 },
    unitsPerAgent: 20,
    sites: [{ name: 'Store', role: 'store', capacityPerDay: 1000, demandPerDay: 900, leadTimeDays: 2, safetyStockDays: 1 }],
  });
  const scenario = supplyChainAdapter.toScenario(input);
  return { ...scenario, rules: { ...scenario.rules, reflexivity, prophecyBranches: 16, prophecyInterval: 10 } };
};

interface Outcome {
  lossTick: number | null;
  /** Per prophecy: the store's unreacted forecast, its forecast with the reaction, the verdict. */
  verdicts: { without: number; with: number; verdict: string }[];
}

function run(seed: number, reflexivity: number, panicBuying = true): Outcome {
  const outcome: Outcome = { lossTick: null, verdicts: [] };
  Simulation.create(storeScenario(seed, reflexivity, panicBuying)).step(DAYS, {
    onEvent: (event: EngineEvent) => {
      if (event.type === 'loss' && outcome.lossTick === null) outcome.lossTick = event.data.tick;
      if (event.type === 'prophecy' && event.data.data.schema === 'prophecy/4') {
        const basin = event.data.data.basins[BASIN];
        if (basin) {
          const { withoutReaction, withReaction, verdict } = basin.attribution;
          outcome.verdicts.push({ without: withoutReaction.lossProbability, with: withReaction.lossProbability, verdict });
        }
      }
    },
  });
  return outcome;
}

describe('supply chain through the engine: panic buying makes a forecast shortage happen', () => {
  it.each(SEEDS)(
    'seed %i: a shortage forecast at 1 in 16 becomes certain, the verdict says self-fulfilling, and the store is lost where it stands without the reaction',
    (seed) => {
      const reacting = run(seed, 0.5);
      const calm = run(seed, 0);
      const fulfilled = reacting.verdicts.find((v) => v.verdict === 'self-fulfilling');
      expect(fulfilled, JSON.stringify(reacting.verdicts)).toBeDefined();
      expect(fulfilled!.without).toBeLessThanOrEqual(0.25);
      expect(fulfilled!.with).toBeGreaterThanOrEqual(0.9);
      expect(reacting.lossTick).not.toBeNull();
      // The same seed with nobody reacting (reflexivity 0): every verdict neutral, the store stands.
      expect(calm.verdicts.every((v) => v.verdict === 'neutral' && v.with === v.without)).toBe(true);
      expect(calm.lossTick).toBeNull();
    },
  );

  it('without panic buying the store’s own over-ordering fulfils nothing: no self-fulfilling verdict, no loss', () => {
    for (const seed of SEEDS) {
      const outcome = run(seed, 0.5, false);
      expect(outcome.verdicts.some((v) => v.verdict === 'self-fulfilling')).toBe(false);
      expect(outcome.lossTick).toBeNull();
    }
  });
});
