import { describe, expect, it } from 'vitest';
import { parseDomainPath, readDomainPath } from '../../src/engine-data/domain-path.js';
import { parseMetric } from '../../src/engine-data/experiment-metrics.js';

const domain = {
  model: 'seir',
  regions: [
    { name: 'Capital', hospitalized: 12, beds: 40 },
    { name: 'South coast.east', hospitalized: 3, beds: 9 },
  ],
  totals: { infected: 120 },
};

function read(text: string): number | undefined {
  const path = parseDomainPath(text);
  if (typeof path === 'string') throw new Error(path);
  return readDomainPath(domain, path);
}

describe('paths into state.domain for experiment metrics', () => {
  it('reads a number by keys, list entries by name (dots allowed inside brackets) or by index', () => {
    expect(read('regions[Capital].hospitalized')).toBe(12);
    expect(read('regions[South coast.east].beds')).toBe(9);
    expect(read('regions[1].hospitalized')).toBe(3);
    expect(read('totals.infected')).toBe(120);
  });

  it('finds nothing where the state has no number', () => {
    expect(read('regions[Nowhere].beds')).toBeUndefined();
    expect(read('regions[7].beds')).toBeUndefined();
    expect(read('regions')).toBeUndefined();
    expect(read('regions[Capital].name')).toBeUndefined();
    expect(read('constructor')).toBeUndefined();
    expect(read('totals[0]')).toBeUndefined();
  });

  it('refuses what is not a path', () => {
    for (const text of ['', 'regions.', '.beds', 'regions[Capital', 'a b', 'regions[Capital]x']) expect(typeof parseDomainPath(text)).toBe('string');
  });

  it('makes domain metrics that name a path, checked against the state at tick 0 when it is known', () => {
    expect(parseMetric('domainPeak:regions[Capital].hospitalized', undefined, 'the scenario', domain)).toMatchObject({
      name: 'domainPeak',
      argument: 'regions[Capital].hospitalized',
    });
    expect(parseMetric('domainPeak:regions[Atlantis].hospitalized', undefined, 'the scenario', domain)).toBe(
      'the scenario has no number at state.domain.regions[Atlantis].hospitalized',
    );
    expect(parseMetric('domainFinal')).toMatch(/names a number in state.domain/);
    expect(parseMetric('domainMin:regions[').valueOf()).toMatch(/is not a key/);
  });
});
