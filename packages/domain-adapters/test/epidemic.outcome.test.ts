import { describe, expect, it } from 'vitest';
import { epidemicAdapter } from '../src/adapters/epidemic.js';
import type { DomainAdapter } from '../src/domain-adapter.js';
import { lossesOverSeeds } from './run-outcome.js';

const adapter = epidemicAdapter as unknown as DomainAdapter;
const example = epidemicAdapter.example;
const SEEDS = [1, 2];
const DAYS = 300;
const withMeasures = (interventions: Record<string, number>) => ({ ...example, interventions: { ...example.interventions, ...interventions } });

describe('epidemic adapter: outcomes through the engine', () => {
  const none = lossesOverSeeds(adapter, example, SEEDS, DAYS);

  it('without measures the wave overwhelms hospitals across the country', () => {
    // Every region but one is short of beds at an unmitigated peak; the spill-over takes the rest.
    expect(none.total).toBeGreaterThanOrEqual(4 * SEEDS.length);
  });

  it('strong distancing keeps every hospital system standing', () => {
    const strong = lossesOverSeeds(adapter, withMeasures({ distancing: 0.5 }), SEEDS, DAYS);
    expect(strong.total).toBe(0);
    expect(strong.total).toBeLessThan(none.total);
  });

  it('moderate distancing or tracing delays the first overwhelmed hospital', () => {
    const variants: Record<string, number>[] = [{ distancing: 0.3 }, { testingAndTracing: 0.6 }];
    for (const measures of variants) {
      const moderate = lossesOverSeeds(adapter, withMeasures(measures), SEEDS, DAYS);
      expect(moderate.total).toBeLessThanOrEqual(none.total);
      moderate.firstLossTicks.forEach((tick, i) => expect(tick).toBeGreaterThan(2 * (none.firstLossTicks[i] as number)));
    }
  });

  it('more hospital beds mean fewer overwhelmed regions', () => {
    const moreBeds = { ...example, regions: example.regions.map((region) => ({ ...region, hospitalBeds: region.hospitalBeds * 5 })) };
    expect(lossesOverSeeds(adapter, moreBeds, SEEDS, DAYS).total).toBeLessThan(none.total);
  });
});
