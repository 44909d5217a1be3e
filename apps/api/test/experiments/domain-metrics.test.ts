import { getAdapter, translate } from '@sim/domain-adapters';
import { Simulation, type Scenario } from '@sim/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureRun, parseMetric, type MetricSpec } from '../../src/engine-data/experiment-metrics.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/**
 * The values of the domain metrics (docs/api.md, "Experiments", "Metrics") against the same
 * numbers read straight off the trace's `state.domain`, by hand: the largest and smallest value
 * with tick 0 included, the first tick each is reached at, and the last value.
 */
type Json = any;
type Entry = { name: string } & Record<string, number | string>;

/** One number of state.domain, found by list and entry name without the service's path reader. */
interface Watched {
  domain: string;
  list: string;
  entry: string;
  field: string;
}
const pathOf = (w: Watched): string => `${w.list}[${w.entry}].${w.field}`;
const DOMAIN_METRICS = ['domainPeak', 'domainPeakTick', 'domainMin', 'domainMinTick', 'domainFinal'] as const;

function scenarioOf(domain: string, input: unknown): Scenario {
  const result = translate(domain, input);
  if (!result.ok) throw new Error(`${domain}: the input does not translate`);
  return result.scenario;
}

/** The number at tick 0 and after each tick, read by hand. */
function series(scenario: Scenario, ticks: number, w: Watched): number[] {
  const read = (domain: unknown): number => {
    const entry = ((domain as Record<string, Entry[]>)[w.list] ?? []).find((e) => e.name === w.entry);
    if (entry === undefined || typeof entry[w.field] !== 'number') throw new Error(`no number at ${pathOf(w)}`);
    return entry[w.field] as number;
  };
  const simulation = Simulation.create(scenario);
  const values = [read(simulation.state().domain)];
  simulation.step(ticks, { onStep: (step) => values.push(read(step.state.domain)) });
  return values;
}

/** Peak, min, the first tick of each (the index is the tick: tick 0 first) and the last value. */
function expected(values: readonly number[]): Record<(typeof DOMAIN_METRICS)[number], number> {
  const peak = Math.max(...values);
  const min = Math.min(...values);
  return { domainPeak: peak, domainPeakTick: values.indexOf(peak), domainMin: min, domainMinTick: values.indexOf(min), domainFinal: values.at(-1) as number };
}

function specs(w: Watched): MetricSpec[] {
  return DOMAIN_METRICS.map((name) => {
    const spec = parseMetric(`${name}:${pathOf(w)}`);
    if (typeof spec === 'string') throw new Error(spec);
    return spec;
  });
}

// Hospital beds in use rise to a peak and fall (docs/engine.md, "Epidemic: SEIR per region (seir)");
// a bank's withdrawals grow through a cycle and start again when it reopens at maturity (day 30).
const CASES: Array<Watched & { ticks: number }> = [
  { domain: 'epidemic', list: 'regions', entry: 'Capital', field: 'hospitalized', ticks: 90 },
  { domain: 'bank-run', list: 'banks', entry: 'Crown Bank', field: 'withdrawn', ticks: 40 },
  { domain: 'bank-run', list: 'banks', entry: 'Crown Bank', field: 'liquid', ticks: 40 },
];

describe('measureRun on a domain world', () => {
  for (const c of CASES) {
    it(`${c.domain}: the metrics of ${pathOf(c)} are its peak, its min, the first tick of each and its last value`, () => {
      const scenario = scenarioOf(c.domain, getAdapter(c.domain)?.example);
      const values = series(scenario, c.ticks, c);
      const want = expected(values);
      // An extreme inside the run and a last value that is neither: each metric is told apart from the others.
      const inside = (tick: number): boolean => tick > 0 && tick < c.ticks;
      expect(inside(want.domainPeakTick) || inside(want.domainMinTick)).toBe(true);
      expect(want.domainFinal).not.toBe(want.domainPeak);
      expect(want.domainFinal).not.toBe(want.domainMin);

      const measured = measureRun(Simulation.create(scenario), c.ticks, specs(c));
      expect(measured).toEqual(Object.fromEntries(DOMAIN_METRICS.map((name) => [`${name}:${pathOf(c)}`, want[name]])));
    });
  }

  it('gives null for a path that leads to no number, and for a world without a domain model', () => {
    const scenario = scenarioOf('bank-run', getAdapter('bank-run')?.example);
    const nowhere = specs({ domain: 'bank-run', list: 'banks', entry: 'Atlantis', field: 'withdrawn' });
    expect(Object.values(measureRun(Simulation.create(scenario), 5, nowhere))).toEqual([null, null, null, null, null]);
    const { domain: _model, ...plain } = scenario;
    const crown = specs({ domain: 'bank-run', list: 'banks', entry: 'Crown Bank', field: 'withdrawn' });
    expect(Object.values(measureRun(Simulation.create(plain), 5, crown))).toEqual([null, null, null, null, null]);
  });
});

describe('an experiment on a domain base, measuring state.domain', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses a domain metric on a scenario base without a domain model, and accepts it on one with', async () => {
    const body = (base: Record<string, unknown>) => ({
      base,
      replications: 1,
      seed: 1,
      ticks: 5,
      metrics: ['minStability', 'domainPeak:x', 'domainFinal:a.b[0]'],
    });
    const refused = await server.call('/v1/experiments', { key: 'key-a', body: body({ scenarioId: 'tiny-valley' }) });
    expect(refused.status).toBe(400);
    const { issues } = ((await refused.json()) as Json).error.details;
    expect(issues.map((issue: Json) => issue.path)).toEqual(['metrics.1', 'metrics.2']);
    expect(issues[0].message).toMatch(/no domain model/);
    const example = getAdapter('bank-run')?.example as Record<string, unknown>;
    const domainBase = { domain: 'bank-run', input: example };
    const accepted = await server.call('/v1/experiments', { key: 'key-a', body: { ...body(domainBase), metrics: ['domainPeak:banks[Crown Bank].withdrawn'] } });
    expect(accepted.status).toBe(202);
  });

  it('gives every run the values its reproduction reads off the trace', async () => {
    const example = getAdapter('bank-run')?.example as Record<string, unknown>;
    const watched: Watched = { domain: 'bank-run', list: 'banks', entry: 'Crown Bank', field: 'withdrawn' };
    const metrics = DOMAIN_METRICS.map((name) => `${name}:${pathOf(watched)}`);
    const TICKS = 40;
    const submitted = await server.call('/v1/experiments', {
      key: 'key-a',
      body: { base: { domain: 'bank-run', input: example }, vary: { 'input.runStrength': [0.2, 0.9] }, replications: 2, seed: 3, ticks: TICKS, metrics },
    });
    expect(submitted.status).toBe(202);
    const { id } = (await submitted.json()) as Json;
    let experiment: Json;
    for (let i = 0; i < 3000; i++) {
      experiment = await (await server.call(`/v1/experiments/${id}`, { key: 'key-a' })).json();
      if (!['queued', 'running'].includes(experiment.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(experiment.status).toBe('completed');

    const csv = await server.call(`/v1/experiments/${id}/results`, { key: 'key-a', headers: { Accept: 'text/csv' } });
    expect(csv.status).toBe(200);
    const [header, ...rows] = (await csv.text())
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(header).toEqual(['combination', 'input.runStrength', 'replication', 'seed', ...metrics]);
    expect(rows).toHaveLength(4);
    const measuredRows = new Set<string>();
    // Run seeds span four bytes; at least one here lies past 2^31 - 1, which the adapter's input
    // once refused, so that such a run could not be reproduced through the adapter.
    expect(rows.some((row) => Number(row[3]) > 2_147_483_647)).toBe(true);
    for (const row of rows as string[][]) {
      // Reproduced as a user would, through the adapter with the run's seed in its input.
      const input = { ...example, runStrength: Number(row[1]), seed: Number(row[3]) };
      const want = expected(series(scenarioOf('bank-run', input), TICKS, watched));
      const got = Object.fromEntries(DOMAIN_METRICS.map((name, i) => [name, Number(row[4 + i])]));
      expect(got).toEqual(want);
      measuredRows.add(JSON.stringify(got));
    }
    // The runs differ (seed and run strength): four copies of one value would not show each run was measured.
    expect(measuredRows.size).toBeGreaterThan(1);
  });
});
