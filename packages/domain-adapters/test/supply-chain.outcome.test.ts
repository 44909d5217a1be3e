import { describe, expect, it } from 'vitest';
import { supplyChainAdapter } from '../src/adapters/supply-chain.js';
import type { DomainAdapter } from '../src/domain-adapter.js';
import { lossesOverSeeds } from './run-outcome.js';

const adapter = supplyChainAdapter as unknown as DomainAdapter;
const example = supplyChainAdapter.example;
const SEEDS = [1, 2];
const DAYS = 200;
type Site = (typeof example.sites)[number];
const withSites = (change: (site: Site) => Site) => ({ ...example, sites: example.sites.map(change) });

describe('supply-chain adapter: outcomes through the engine', () => {
  const base = lossesOverSeeds(adapter, example, SEEDS, DAYS);

  it('the stretched peak-season network stocks out at its overloaded sites', () => {
    expect(base.total).toBeGreaterThanOrEqual(SEEDS.length);
  });

  it('more safety stock means fewer stock-outs', () => {
    const buffered = lossesOverSeeds(
      adapter,
      withSites((site) => ({ ...site, safetyStockDays: (site.safetyStockDays ?? 3) * 3 })),
      SEEDS,
      DAYS,
    );
    expect(buffered.total).toBeLessThan(base.total);
  });

  it('more capacity means fewer stock-outs', () => {
    const bigger = lossesOverSeeds(
      adapter,
      withSites((site) => ({ ...site, capacityPerDay: site.capacityPerDay * 1.2 })),
      SEEDS,
      DAYS,
    );
    expect(bigger.total).toBeLessThan(base.total);
  });

  it('running lean (no safety stock) cascades: more and earlier stock-outs', () => {
    const lean = lossesOverSeeds(
      adapter,
      withSites((site) => ({ ...site, safetyStockDays: 0 })),
      SEEDS,
      DAYS,
    );
    expect(lean.total).toBeGreaterThan(base.total);
    lean.firstLossTicks.forEach((tick, i) => expect(tick).toBeLessThan(base.firstLossTicks[i] as number));
  });
});
