import { describe, expect, it } from 'vitest';
import { domainLayout, domainValues } from '../src/domain-series.js';

const seir = {
  model: 'seir',
  regions: [
    { name: 'Capital', susceptible: 900, exposed: 40, infectious: 50, recovered: 10, hospitalized: 3, beds: 20 },
    { name: 'North', susceptible: 500, exposed: 0, infectious: 0, recovered: 0, hospitalized: 0, beds: 5 },
  ],
};

describe('the domain series the viewer draws', () => {
  it("finds the state's list of entries, their names and the numeric fields they all share", () => {
    expect(domainLayout(seir)).toEqual({
      list: 'regions',
      labels: ['Capital', 'North'],
      fields: ['susceptible', 'exposed', 'infectious', 'recovered', 'hospitalized', 'beds'],
    });
  });

  it('labels entries without a name by their index and leaves out fields some entries lack', () => {
    const layout = domainLayout({ model: 'x', sites: [{ stock: 1, backlog: 2 }, { stock: 3 }] });
    expect(layout).toEqual({ list: 'sites', labels: ['0', '1'], fields: ['stock'] });
  });

  it('has nothing to draw without a list of entries with numbers', () => {
    expect(domainLayout(undefined)).toBeUndefined();
    expect(domainLayout({ model: 'x', total: 3 })).toBeUndefined();
    expect(domainLayout({ model: 'x', sites: [{ name: 'a' }] })).toBeUndefined();
  });

  it('reads one field of every entry, null where it is missing', () => {
    const layout = domainLayout(seir);
    if (layout === undefined) throw new Error('no layout');
    expect(domainValues(seir, layout, 'hospitalized')).toEqual([3, 0]);
    expect(domainValues({ model: 'seir', regions: [seir.regions[0]] }, layout, 'beds')).toEqual([20, null]);
  });
});
