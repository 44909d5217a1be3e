import { describe, expect, it } from 'vitest';
import { supplyChainAdapter } from '../src/adapters/supply-chain.js';
import type { DomainAdapter } from '../src/domain-adapter.js';
import { lossesOverSeeds } from './run-outcome.js';

const adapter = supplyChainAdapter as unknown as DomainAdapter;
const example = supplyChainAdapter.example;
const SEEDS = [1, 2, 3, 4];
const DAYS = 365;

describe('supply-chain adapter: panic buying (reflexivity) through the engine', () => {
  it('buyers who hoard on a forecast stock-out cause more stock-outs over a year than buyers who order elsewhere', () => {
    const calm = lossesOverSeeds(adapter, { ...example, panicBuying: false }, SEEDS, DAYS);
    const panic = lossesOverSeeds(adapter, { ...example, panicBuying: true }, SEEDS, DAYS);
    expect(panic.total).toBeGreaterThan(calm.total);
  });
});
