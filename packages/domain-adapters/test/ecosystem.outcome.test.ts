import { describe, expect, it } from 'vitest';
import { ecosystemAdapter } from '../src/adapters/ecosystem.js';
import type { DomainAdapter } from '../src/domain-adapter.js';
import { lossesOverSeeds } from './run-outcome.js';

const adapter = ecosystemAdapter as unknown as DomainAdapter;
const example = ecosystemAdapter.example;
const SEEDS = [1, 2];
const WEEKS = 200;

describe('ecosystem adapter: outcomes through the engine', () => {
  const base = lossesOverSeeds(adapter, example, SEEDS, WEEKS);

  it('overstocked patches degrade and the displaced herds overgraze their neighbours', () => {
    // Three patches start above carrying capacity; collapses then spread beyond them.
    expect(base.total).toBeGreaterThanOrEqual(3 * SEEDS.length);
  });

  it('rotational grazing prevents the collapses', () => {
    const rotated = lossesOverSeeds(adapter, { ...example, management: { rotationalGrazing: 0.8 } }, SEEDS, WEEKS);
    expect(rotated.total).toBeLessThan(base.total);
  });

  it('destocking a fifth of the animals prevents the collapses', () => {
    const destocked = lossesOverSeeds(adapter, { ...example, management: { destocking: 0.2 } }, SEEDS, WEEKS);
    expect(destocked.total).toBeLessThan(base.total);
  });

  it('a larger carrying capacity (wetter years) means fewer collapses', () => {
    const wetter = { ...example, patches: example.patches.map((patch) => ({ ...patch, carryingCapacity: patch.carryingCapacity * 1.3 })) };
    expect(lossesOverSeeds(adapter, wetter, SEEDS, WEEKS).total).toBeLessThan(base.total);
  });
});
