import { ScenarioSchema } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import { adapterInputJsonSchema, ADAPTERS, describeAdapter, getAdapter, listAdapters, translate } from '../src/index.js';

describe('registry', () => {
  it('lists every adapter once, with kebab-case ids', () => {
    const ids = listAdapters().map((adapter) => adapter.id);
    expect(ids).toEqual(['epidemic', 'supply-chain', 'ecosystem', 'bank-run']);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('finds an adapter by id', () => {
    expect(getAdapter('epidemic')?.label).toBe('Epidemic across regions');
    expect(getAdapter('no-such-domain')).toBeUndefined();
  });

  it('listAdapters returns a copy', () => {
    listAdapters().pop();
    expect(listAdapters()).toHaveLength(ADAPTERS.length);
  });
});

describe.each(ADAPTERS.map((adapter) => [adapter.id, adapter] as const))('%s', (_id, adapter) => {
  it('has a description that explains the mapping', () => {
    expect(adapter.description).toMatch(/basin/);
    expect(adapter.description).toMatch(/gamma/);
    expect(adapter.description).toMatch(/lambda/);
  });

  it('translates its example into a scenario the engine accepts', () => {
    const result = translate(adapter.id, adapter.example);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.adapter).toBe(adapter);
    expect(ScenarioSchema.safeParse(result.scenario).success).toBe(true);
    expect(result.scenario.agents.length).toBeGreaterThan(0);
  });

  it('serves its input as JSON Schema, with defaulted fields optional', () => {
    const schema = adapterInputJsonSchema(adapter);
    expect(schema.type).toBe('object');
    expect(schema.required).not.toContain('seed');
    expect(schema.properties?.seed).toMatchObject({ type: 'integer', default: 1 });
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
  });

  it('describes itself for GET /v1/domains', () => {
    const description = describeAdapter(adapter);
    expect(Object.keys(description).sort()).toEqual(['description', 'example', 'id', 'inputSchema', 'label', 'stateSchema']);
    expect(description.example).toEqual(adapter.example);
  });
});

describe('translate', () => {
  it('reports an unknown domain', () => {
    expect(translate('weather', {})).toEqual({ ok: false, reason: 'unknown-domain' });
  });

  it('reports every invalid field at its dotted path under input.', () => {
    const result = translate('epidemic', { regions: [{ name: 'A', population: -1, hospitalBeds: 10 }], interventions: { distancing: 3 }, extra: true });
    expect(result.ok).toBe(false);
    if (result.ok || result.reason !== 'invalid-input') return expect.fail('expected invalid input');
    const paths = result.issues.map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['input.regions.0.population', 'input.interventions.distancing', 'input.extra']));
    for (const issue of result.issues) expect(issue.message).not.toBe('');
  });

  it("refuses two sites of one name in every domain, at the second one's name", () => {
    // Droughts, suppliers, exposures and experiment paths (`regions[A]`) name sites: a second
    // "A" was silently read as the first.
    const lists = {
      epidemic: ['regions', 'region'],
      ecosystem: ['patches', 'patch'],
      'supply-chain': ['sites', 'site'],
      'bank-run': ['banks', 'bank'],
    } as const;
    for (const adapter of ADAPTERS) {
      const [listKey, kind] = lists[adapter.id as keyof typeof lists];
      const example = adapter.example as Record<string, Array<{ name: string }>>;
      const sites = example[listKey] as Array<{ name: string }>;
      const twice = [...sites, { ...(sites.at(-1) as { name: string }), name: (sites[0] as { name: string }).name }];
      const result = translate(adapter.id, { ...example, [listKey]: twice });
      expect({ domain: adapter.id, result }).toMatchObject({
        domain: adapter.id,
        result: {
          ok: false,
          reason: 'invalid-input',
          issues: [{ path: `input.${listKey}.${sites.length}.name`, message: `duplicate ${kind} name "${sites[0]?.name}"` }],
        },
      });
    }
  });

  it('reports a missing or non-object input at "input"', () => {
    for (const raw of [undefined, null, 'epidemic', 3]) {
      const result = translate('epidemic', raw);
      expect(result).toMatchObject({ ok: false, reason: 'invalid-input', issues: [{ path: 'input' }] });
    }
  });

  it('fills in defaults and is reproducible', () => {
    const input = { regions: [{ name: 'A', population: 10_000, hospitalBeds: 20 }] };
    const first = translate('epidemic', input);
    const second = translate('epidemic', input);
    expect(first.ok && first.scenario.seed).toBe(1);
    expect(JSON.stringify(first)).toBe(JSON.stringify(second));
  });
});
