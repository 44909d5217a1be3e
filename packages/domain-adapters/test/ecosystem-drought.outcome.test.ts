import { describe, expect, it } from 'vitest';
import { ecosystemAdapter } from '../src/adapters/ecosystem.js';
import type { DomainAdapter } from '../src/domain-adapter.js';
import { lossesOverSeeds, runScenario, scenarioOf } from './run-outcome.js';

const adapter = ecosystemAdapter as unknown as DomainAdapter;
const example = ecosystemAdapter.example;
// Destocking 25 % leaves every patch below its carrying capacity: only droughts can tip one.
// One agent per 20 animals keeps the runs short; the forage model does not depend on it.
const range = { ...example, animalsPerAgent: 20, herdersAnticipate: false, management: { destocking: 0.25 }, climate: { droughtsPerYear: 0 }, droughts: [] };
const SEEDS = [1, 2, 3, 4];
const WEEKS = 100;

describe('ecosystem adapter: droughts through the engine', () => {
  it('a scheduled drought collapses exactly the patches it names', () => {
    const named = ['Salt pan', 'Lake shore'];
    const dry = { ...range, droughts: [{ patches: named, startWeek: 5, weeks: 40, severity: 0.6 }] };
    for (const seed of SEEDS.slice(0, 2)) {
      expect(runScenario(scenarioOf(adapter, { ...range, seed }), WEEKS).losses).toEqual([]);
      const { losses } = runScenario(scenarioOf(adapter, { ...dry, seed }), WEEKS);
      expect(losses.map((loss) => loss.attractor).sort()).toEqual(['lake-shore-pasture', 'salt-pan-pasture']);
    }
  });

  it('frequent severe random droughts collapse patches that a drought-free climate keeps', () => {
    const wet = lossesOverSeeds(adapter, range, SEEDS, WEEKS);
    const dry = lossesOverSeeds(adapter, { ...range, climate: { droughtsPerYear: 6, droughtSeverity: 0.8, droughtWeeks: 12 } }, SEEDS, WEEKS);
    expect(wet.total).toBe(0);
    expect(dry.total).toBeGreaterThan(0);
  });
});
