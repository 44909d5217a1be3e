import { describe, expect, it } from 'vitest';
import { ecosystemAdapter } from '../src/adapters/ecosystem.js';
import type { DomainAdapter } from '../src/domain-adapter.js';
import { lossesOverSeeds, runScenario, scenarioOf } from './run-outcome.js';

const adapter = ecosystemAdapter as unknown as DomainAdapter;
// The forage dynamics alone: herders do not react and no drought comes.
const example = { ...ecosystemAdapter.example, animalsPerAgent: 20, herdersAnticipate: false, climate: { droughtsPerYear: 0 }, droughts: [] };
const SEEDS = [1, 2];
const WEEKS = 80;
const OVERSTOCKED = ['river-flats-pasture', 'salt-pan-pasture', 'dry-plateau-pasture'];

describe('ecosystem adapter: outcomes through the engine', () => {
  it('exactly the patches stocked above their carrying capacity collapse', () => {
    for (const seed of SEEDS) {
      const { losses } = runScenario(scenarioOf(adapter, { ...example, seed }), WEEKS);
      expect(losses.map((loss) => loss.attractor).sort()).toEqual([...OVERSTOCKED].sort());
    }
  });

  it('destocking a fifth of the animals prevents the collapses', () => {
    expect(lossesOverSeeds(adapter, { ...example, management: { destocking: 0.2 } }, SEEDS, WEEKS).total).toBe(0);
  });

  it('a larger carrying capacity (wetter years) means no collapses', () => {
    const wetter = { ...example, patches: example.patches.map((patch) => ({ ...patch, carryingCapacity: patch.carryingCapacity * 1.3 })) };
    expect(lossesOverSeeds(adapter, wetter, SEEDS, WEEKS).total).toBe(0);
  });
});
