import { describe, expect, it } from 'vitest';
import { ecosystemAdapter } from '../src/adapters/ecosystem.js';
import type { DomainAdapter } from '../src/domain-adapter.js';
import { lossesOverSeeds } from './run-outcome.js';

const adapter = ecosystemAdapter as unknown as DomainAdapter;
const example = ecosystemAdapter.example;
const SEEDS = [1, 2, 3, 4];
const WEEKS = 200;

describe('ecosystem adapter: droughts through the engine', () => {
  it('on a lightly destocked range, frequent severe droughts degrade patches that a drought-free climate keeps', () => {
    // Destocking 12 % brings every patch to about its carrying capacity: only droughts can tip one.
    const range = { ...example, management: { destocking: 0.12 } };
    const dry = lossesOverSeeds(adapter, { ...range, climate: { droughtsPerYear: 4, droughtSeverity: 0.6 } }, SEEDS, WEEKS);
    const wet = lossesOverSeeds(adapter, { ...range, climate: { droughtsPerYear: 0 } }, SEEDS, WEEKS);
    expect(wet.total).toBe(0);
    expect(dry.total).toBeGreaterThan(wet.total);
  });
});
