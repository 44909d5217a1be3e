import { parquetReadObjects } from 'hyparquet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestThread } from '../../src/routes/request-thread/request-thread.js';
import { ORG_A, ORG_B } from '../helpers/test-authenticator.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { fixtureScenario } from '../support/scenario-files.js';

type Json = any;

let server: TestServer;
/** The request classes counted for `GET /v1/usage`, in order, and the organization each was counted for. */
const counted: string[] = [];
const countedFor: string[] = [];

beforeAll(async () => {
  server = await startTestServer({
    usage: {
      recordRequest: (organizationId, routeClass) => {
        counted.push(routeClass);
        countedFor.push(organizationId);
      },
      recordSimulationCreated() {},
      recordTicks() {},
    },
  });
});
afterAll(async () => {
  await server.close();
});

/** tiny-valley as an inline scenario. */
function tinyValley(): Record<string, unknown> {
  return { ...fixtureScenario('tiny-valley') };
}

const METRICS = ['lossTick:well-a', 'lost:well-a', 'losses', 'finalStability', 'minStability', 'paradoxes', 'prophecies', 'completionTick', 'completionReason'];

const sweep = (over: Record<string, unknown> = {}) => ({
  base: { scenarioId: 'tiny-valley' },
  vary: { 'rules.reflexivity': [-0.5, 0.5] },
  replications: 3,
  seed: 7,
  ticks: 30,
  metrics: METRICS,
  ...over,
});

async function submit(body: unknown, key = 'key-a'): Promise<Json> {
  const res = await server.call('/v1/experiments', { key, body });
  expect(res.status).toBe(202);
  const experiment = (await res.json()) as Json;
  expect(res.headers.get('location')).toBe(`/v1/experiments/${experiment.id}`);
  return experiment;
}

/** Polls until the experiment has finished (completed, failed or cancelled). */
async function finished(id: string): Promise<Json> {
  for (let i = 0; i < 3000; i++) {
    const experiment = (await (await server.call(`/v1/experiments/${id}`, { key: 'key-a' })).json()) as Json;
    if (!['queued', 'running'].includes(experiment.status)) return experiment;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`experiment ${id} did not finish`);
}

async function csvRows(id: string): Promise<string[][]> {
  const res = await server.call(`/v1/experiments/${id}/results`, { key: 'key-a', headers: { Accept: 'text/csv' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
  return (await res.text())
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}

describe('an experiment', () => {
  let first: Json;
  let done: Json;

  beforeAll(async () => {
    first = await submit(sweep());
    done = await finished(first.id);
  });

  it('runs the cross product with its replications and completes', () => {
    expect(first).toMatchObject({ status: 'queued', combinations: 2, replications: 3, runs: { total: 6, done: 0 } });
    expect(done).toMatchObject({ status: 'completed', runs: { total: 6, done: 6, computed: 6, reused: 0 }, estimatedSecondsLeft: null });
    expect(done.startedAt).not.toBeNull();
    expect(done.finishedAt).not.toBeNull();
  });

  it('gives statistics per combination and metric, with a content hash', async () => {
    const results = (await (await server.call(`/v1/experiments/${first.id}/results`, { key: 'key-a' })).json()) as Json;
    expect(results.runs).toEqual({ total: 6, done: 6 });
    expect(results.combinations.map((c: Json) => c.values)).toEqual([{ 'rules.reflexivity': -0.5 }, { 'rules.reflexivity': 0.5 }]);
    const stability = results.combinations[0].statistics.find((s: Json) => s.metric === 'finalStability');
    expect(stability.count).toBe(3);
    expect(stability.min).toBeLessThanOrEqual(stability.q1);
    expect(stability.q1).toBeLessThanOrEqual(stability.median);
    expect(stability.median).toBeLessThanOrEqual(stability.q3);
    expect(stability.q3).toBeLessThanOrEqual(stability.max);
    expect(stability.ci95.low).toBeLessThanOrEqual(stability.mean);
    expect(stability.ci95.high).toBeGreaterThanOrEqual(stability.mean);
    const reasons = results.combinations[0].statistics.find((s: Json) => s.metric === 'completionReason');
    expect(Object.values(reasons.counts as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(3);
    expect(results.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the same body twice gives the same results hash, its runs reused rather than recomputed', async () => {
    const again = await finished((await submit(sweep())).id);
    expect(again.runs).toEqual({ total: 6, done: 6, computed: 0, reused: 6 });
    const hash = async (id: string) => ((await (await server.call(`/v1/experiments/${id}/results`, { key: 'key-a' })).json()) as Json).hash;
    expect(await hash(again.id)).toBe(await hash(first.id));
  });

  it('exports one CSV row per run: combinations × replications', async () => {
    const rows = await csvRows(first.id);
    expect(rows[0]).toEqual(['combination', 'rules.reflexivity', 'replication', 'seed', ...METRICS]);
    expect(rows).toHaveLength(1 + 2 * 3);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[2]])).toEqual([
      ['0', '-0.5', '0'],
      ['0', '-0.5', '1'],
      ['0', '-0.5', '2'],
      ['1', '0.5', '0'],
      ['1', '0.5', '1'],
      ['1', '0.5', '2'],
    ]);
  });

  it('exports the same rows as Parquet, readable by a Parquet reader', async () => {
    const res = await server.call(`/v1/experiments/${first.id}/results`, { key: 'key-a', headers: { Accept: 'application/vnd.apache.parquet' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.apache.parquet');
    const rows = (await parquetReadObjects({ file: await res.arrayBuffer() })) as Json[];
    const csv = await csvRows(first.id);
    expect(rows).toHaveLength(csv.length - 1);
    rows.forEach((row, i) => {
      const line = csv[i + 1] as string[];
      expect(row.combination).toBe(Number(line[0]));
      expect(row['rules.reflexivity']).toBe(Number(line[1]));
      expect(row.replication).toBe(Number(line[2]));
      expect(Number(row.seed)).toBe(Number(line[3]));
      expect(row.finalStability).toBe(Number(line[4 + METRICS.indexOf('finalStability')]));
      expect(String(row['lost:well-a'])).toBe(line[4 + METRICS.indexOf('lost:well-a')]);
    });
  });

  it('changing only the seed changes every run’s seed and nothing else', async () => {
    const other = await finished((await submit(sweep({ seed: 8 }))).id);
    const [a, b] = [await csvRows(first.id), await csvRows(other.id)];
    expect(b[0]).toEqual(a[0]);
    expect(b).toHaveLength(a.length);
    for (let i = 1; i < a.length; i++) {
      const [rowA, rowB] = [a[i] as string[], b[i] as string[]];
      expect(rowB.slice(0, 3)).toEqual(rowA.slice(0, 3));
      expect(rowB[3]).not.toBe(rowA[3]);
    }
    const view = (await (await server.call(`/v1/experiments/${other.id}`, { key: 'key-a' })).json()) as Json;
    const { id: _a, seed: _s, createdAt: _c, startedAt: _st, finishedAt: _f, runs: _r, ...rest } = view;
    const { id: _a2, seed: _s2, createdAt: _c2, startedAt: _st2, finishedAt: _f2, runs: _r2, ...restFirst } = done;
    expect(rest).toEqual(restFirst);
  });

  it('a run reproduced alone as an ordinary simulation gives the metric values of its row', async () => {
    const rows = await csvRows(first.id);
    const header = rows[0] as string[];
    const row = rows[5] as string[]; // combination 1 (reflexivity 0.5), replication 1
    const seed = Number(row[3]);
    const scenario = { ...tinyValley(), seed, rules: { ...(tinyValley().rules as object), reflexivity: Number(row[1]) } };
    const run = await server.call('/v1/simulations/run', { key: 'key-a', body: { scenario, ticks: 30 } });
    expect(run.status).toBe(201);
    const { simulationId, trace } = (await run.json()) as Json;
    const steps = trace.steps as Json[];
    const last = steps.at(-1).state;
    const lossStep = steps.find((s) => s.state.lostBasins.includes('well-a'));
    const prophecies = ((await (await server.call(`/v1/simulations/${simulationId}/prophecies`, { key: 'key-a' })).json()) as Json).pagination.total;
    const value = (metric: string) => row[header.indexOf(metric)];
    expect(Number(value('finalStability'))).toBe(last.stability);
    expect(Number(value('minStability'))).toBe(Math.min(...steps.map((s) => s.state.stability)));
    expect(Number(value('losses'))).toBe(last.lostBasins.length);
    expect(value('lost:well-a')).toBe(String(lossStep !== undefined));
    expect(value('lossTick:well-a')).toBe(lossStep === undefined ? '' : String(lossStep.tick));
    expect(Number(value('prophecies'))).toBe(prophecies);
    expect(value('completionTick')).toBe(last.completion === null ? '' : String(last.tick));
  });

  it('replays its events from Last-Event-ID and ends after the final status; each stream opened is counted as one', async () => {
    const streamsBefore = counted.filter((routeClass) => routeClass === 'sse').length;
    const res = await server.call(`/v1/experiments/${first.id}/events?lastEventId=0`, { key: 'key-a' });
    expect(res.status).toBe(200);
    const text = await res.text();
    const events = [...text.matchAll(/^event: (.+)$/gm)].map((m) => m[1]);
    expect(events).toEqual(['experiment:status', 'experiment:status', 'run', 'run', 'run', 'run', 'run', 'run', 'experiment:status']);
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const resumed = await (await server.call(`/v1/experiments/${first.id}/events?lastEventId=7`, { key: 'key-a' })).text();
    expect([...resumed.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]))).toEqual([8, 9]);
    expect((await server.call(`/v1/experiments/${first.id}/events`, { key: 'key-a' })).status).toBe(204);
    // Two streams opened (the 204 opens none), counted as a simulation's are.
    expect(counted.filter((routeClass) => routeClass === 'sse').length - streamsBefore).toBe(2);
  });

  it('counts a stream for the caller’s default organization, not the experiment’s', async () => {
    // jwt-ab's default organization is A; the experiment is B's.
    const submitted = await server.call('/v1/experiments', { bearer: 'jwt-ab', body: { ...sweep(), organizationId: ORG_B } });
    expect(submitted.status).toBe(202);
    const { id } = (await submitted.json()) as Json;
    await expect
      .poll(async () => ((await (await server.call(`/v1/experiments/${id}`, { bearer: 'jwt-ab' })).json()) as Json).status, { timeout: 20_000 })
      .toBe('completed');
    const before = counted.length;
    const res = await server.call(`/v1/experiments/${id}/events?lastEventId=0`, { bearer: 'jwt-ab' });
    expect(res.status).toBe(200);
    await res.text();
    const streams = countedFor.slice(before).filter((_, i) => counted[before + i] === 'sse');
    expect(streams).toEqual([ORG_A]);
  });

  it('lists experiments in the paginated envelope, newest first', async () => {
    const page = (await (await server.call('/v1/experiments?limit=2', { key: 'key-a' })).json()) as Json;
    expect(page.pagination).toMatchObject({ limit: 2, offset: 0 });
    expect(page.pagination.total).toBeGreaterThanOrEqual(3);
    expect(page.data).toHaveLength(2);
  });

  // The thread starts from the TypeScript sources: seconds on a loaded machine (a CI run timed out at 5 s).
  it('makes on the request thread, from the database, the same results and exports as the event loop', { timeout: 60_000 }, async () => {
    const thread = createRequestThread({ kind: 'sqlite', path: server.databasePath });
    try {
      for (const [format, accept] of [
        ['json', 'application/json'],
        ['csv', 'text/csv'],
        ['parquet', 'application/vnd.apache.parquet'],
      ] as const) {
        const here = new Uint8Array(
          await (await server.call(`/v1/experiments/${first.id}/results`, { key: 'key-a', headers: { Accept: accept } })).arrayBuffer(),
        );
        const there = await thread.experimentOutput!(first.id, format);
        expect(typeof there === 'string' ? new TextEncoder().encode(there) : there).toEqual(here);
      }
      expect(await thread.experimentOutput!('7b0c1f3e-2a4d-4c5e-9f6a-8b7c6d5e4f3a', 'json')).toBeUndefined();
    } finally {
      await thread.close();
    }
  });

  it('another organization’s experiment gets the answer another organization’s simulation gets', async () => {
    for (const path of [`/v1/experiments/${first.id}`, `/v1/experiments/${first.id}/results`, `/v1/experiments/${first.id}/events`]) {
      const res = await server.call(path, { key: 'key-b' });
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
      expect(((await res.json()) as Json).error.code).toBe('UNAUTHORIZED');
    }
    expect((await server.call(`/v1/experiments/${first.id}/cancel`, { key: 'key-b', method: 'POST' })).status).toBe(401);
    const list = (await (await server.call('/v1/experiments', { key: 'key-b' })).json()) as Json;
    expect(list.data.map((e: Json) => e.id)).not.toContain(first.id);
    expect((await server.call('/v1/experiments/7b0c1f3e-2a4d-4c5e-9f6a-8b7c6d5e4f3a', { key: 'key-a' })).status).toBe(404);
  });
});

describe('bad input', () => {
  it('is 400 VALIDATION_ERROR with the path of each problem, and nothing is queued', async () => {
    const before = ((await (await server.call('/v1/experiments', { key: 'key-a' })).json()) as Json).pagination.total;
    const res = await server.call('/v1/experiments', {
      key: 'key-a',
      body: sweep({
        vary: {
          'rules.nope': [1],
          'rules.reflexivity': ['high'],
          'attractors.well-z.depth': [1],
          'rules.noise': { from: 2, to: 1, step: 1 },
          'rules.pull': [],
        },
        metrics: ['losses', 'happiness', 'lost:well-z'],
      }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Json;
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details.issues.map((i: Json) => i.path)).toEqual([
      'vary.attractors.well-z.depth',
      'vary.rules.noise',
      'vary.rules.nope',
      'vary.rules.pull',
      'vary.rules.reflexivity.0',
      'metrics.1',
      'metrics.2',
    ]);
    const tooMany = await server.call('/v1/experiments', {
      key: 'key-a',
      body: sweep({ vary: { 'rules.noise': { from: 0, to: 9.99, step: 0.01 }, 'rules.pull': [0.1, 0.2] } }),
    });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as Json).error.details.issues[0].path).toBe('vary');
    const after = ((await (await server.call('/v1/experiments', { key: 'key-a' })).json()) as Json).pagination.total;
    expect(after).toBe(before);
  });

  it('says what is wrong with a list or a range of values, not just "Invalid input"', async () => {
    const res = await server.call('/v1/experiments', {
      key: 'key-a',
      body: sweep({
        vary: {
          'rules.pull': [null],
          'rules.noise': { from: 0, to: 1 },
          'rules.reflexivity': 'high',
          'rules.maxSpeed': Array.from({ length: 1001 }, (_, i) => i),
        },
      }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error.details.issues).toEqual([
      { path: 'vary.rules.pull.0', message: 'Invalid input: expected number, string or boolean, received null' },
      { path: 'vary.rules.noise.step', message: 'Invalid input: expected number, received undefined' },
      { path: 'vary.rules.reflexivity', message: 'Invalid input: expected array or object, received string' },
      { path: 'vary.rules.maxSpeed', message: 'Too big: expected array to have <=1000 items' },
    ]);
  });

  it('a metric listed twice is told in the same 400 as the fields’ problems, and as the base’s', async () => {
    const paths = async (body: Json): Promise<string[]> => {
      const res = await server.call('/v1/experiments', { key: 'key-a', body });
      expect(res.status).toBe(400);
      return ((await res.json()) as Json).error.details.issues.map((i: Json) => i.path);
    };
    const twice = ['minStability', 'losses', 'minStability', 'minStability'];
    // A field refused by the schema: the body's rules are told with it.
    expect(await paths(sweep({ replications: 0, metrics: twice }))).toEqual(['replications', 'metrics.2', 'metrics.3']);
    // A well-formed body: the plan tells it with what needs the base.
    expect(await paths(sweep({ vary: { 'rules.reflexivity': [5] }, metrics: twice }))).toEqual(['vary.rules.reflexivity.0', 'metrics.2', 'metrics.3']);
    // Told in the order of the metrics, whichever check found each.
    expect(await paths(sweep({ metrics: ['domainPeak:x', 'minStability', 'minStability'] }))).toEqual(['metrics.0', 'metrics.2']);
  });
});

describe('cancel', () => {
  it('stops the experiment: after it returns no more runs complete, and the finished runs are kept', async () => {
    const long = await submit(sweep({ vary: { 'rules.reflexivity': [-1, -0.5, 0, 0.5, 1] }, replications: 200, ticks: 40, seed: 99 }));
    for (let i = 0; i < 3000; i++) {
      const view = (await (await server.call(`/v1/experiments/${long.id}`, { key: 'key-a' })).json()) as Json;
      if (view.runs.done >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const res = await server.call(`/v1/experiments/${long.id}/cancel`, { key: 'key-a', method: 'POST' });
    expect(res.status).toBe(200);
    const cancelled = (await res.json()) as Json;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.runs.done).toBeGreaterThanOrEqual(3);
    expect(cancelled.runs.done).toBeLessThan(1000);
    // Whatever was computing when cancel returned is never recorded.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const later = (await (await server.call(`/v1/experiments/${long.id}`, { key: 'key-a' })).json()) as Json;
    expect(later.runs.done).toBe(cancelled.runs.done);
    expect(later.status).toBe('cancelled');
    const rows = await csvRows(long.id);
    expect(rows).toHaveLength(1 + cancelled.runs.done);
    // Cancelling again answers the experiment as it is.
    expect(((await (await server.call(`/v1/experiments/${long.id}/cancel`, { key: 'key-a', method: 'POST' })).json()) as Json).runs.done).toBe(
      cancelled.runs.done,
    );
  });
});
