import { ecosystemAdapter } from '@sim/domain-adapters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineRunner } from '../../src/engine-work/engine-runner.js';
import { createWorkerPoolRunner } from '../../src/engine-work/worker-pool-runner.js';
import { createEngineDomainCatalog } from '../../src/scenarios/engine-domain-catalog.js';
import { countingRunner } from '../helpers/counting-runner.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

/**
 * A domain input's translation runs on an engine worker, never on the event loop (docs/api.md,
 * "Where it runs"). The input below is 4 KB of JSON that translates to about 10 000 agents
 * (1.3 MB of scenario): 0.3 to 0.7 s of CPU per translation, which held `GET /v1/health` for
 * as long when it was translated on the main thread. The answers are those of a server that
 * translates on its own thread.
 */

type Json = any;
let server: TestServer;
let reference: TestServer;
let engine: ReturnType<typeof countingRunner>;
let pool: ReturnType<typeof createWorkerPoolRunner>;
/** When each translation task was under way on the worker: [start, end] in performance.now() ms. */
const translating: Array<[number, number]> = [];
beforeAll(async () => {
  pool = createWorkerPoolRunner({ threads: 1 });
  const timed: EngineRunner = Object.create(pool) as EngineRunner;
  timed.translate = async (task, signal) => {
    const window: [number, number] = [performance.now(), Number.POSITIVE_INFINITY];
    translating.push(window);
    try {
      return await pool.translate(task, signal);
    } finally {
      window[1] = performance.now();
    }
  };
  engine = countingRunner(timed);
  server = await startTestServer({ engine, domains: createEngineDomainCatalog(engine) });
  // Translating on the event loop (the in-thread catalog and engine), as before.
  reference = await startTestServer();
});
afterAll(async () => {
  await server?.close();
  await reference?.close();
  await pool?.close();
}, 30_000);

const example = ecosystemAdapter.example as Json;
/** 64 patches of 200 animals, one agent per animal: the engine's limit of agents (no droughts: they name the example's patches). */
const largeInput = (): Json => ({
  ...example,
  droughts: [],
  animalsPerAgent: 1,
  patches: Array.from({ length: 64 }, (_, i) => ({ ...example.patches[0], name: `Patch ${i}`, animals: 200 })),
});

const json = async (res: Response): Promise<Json> => {
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${res.status} ${text}`);
  return JSON.parse(text);
};

interface HealthSample {
  start: number;
  end: number;
  ms: number;
}

/** GET /v1/health, on its own connection, every 20 ms until `work` settles: each answer's time. */
async function healthWhile(work: Promise<unknown>): Promise<HealthSample[]> {
  let settled = false;
  void work.then(
    () => (settled = true),
    () => (settled = true),
  );
  const samples: HealthSample[] = [];
  while (!settled) {
    const start = performance.now();
    const res = await fetch(`${server.baseUrl}/v1/health`, { headers: { Connection: 'close' } });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    const end = performance.now();
    samples.push({ start, end, ms: end - start });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await work;
  return samples;
}
const median = (samples: HealthSample[]): number => samples.map((s) => s.ms).sort((a, b) => a - b)[Math.floor(samples.length / 2)] as number;
/** The samples that overlap a translation: what the event loop answered while one was computed. */
const duringTranslations = (samples: HealthSample[], from: number): HealthSample[] =>
  samples.filter((s) => translating.slice(from).some(([start, end]) => s.start < end && s.end > start));
const withoutIdentity = ({ id: _id, createdAt: _createdAt, ...rest }: Json): Json => rest;

describe('a large domain input', { timeout: 120_000 }, () => {
  it('POST /v1/simulations/from-domain translates it on a worker: health answers promptly, the answer is unchanged', async () => {
    const body = { domain: 'ecosystem', input: largeInput() };
    const before = engine.kinds.translate;
    const windows = translating.length;
    const creating = (async () => {
      const views: Json[] = [];
      // Three in a row: enough health samples on a fast machine.
      for (let i = 0; i < 3; i++) views.push(await json(await server.call('/v1/simulations/from-domain', { key: 'key-a', body })));
      return views;
    })();
    const health = await healthWhile(creating);
    const views = await creating;
    expect(engine.kinds.translate - before).toBe(3);
    // Most of the request is the world built on the worker: the samples taken while the domain
    // input was translated are the ones that show where translation runs. On the event loop,
    // each of these would have waited for a whole translation (0.3 to 0.7 s).
    const overlapping = duringTranslations(health, windows);
    expect(overlapping.length).toBeGreaterThanOrEqual(3);
    expect(median(overlapping)).toBeLessThan(100);
    expect(median(health)).toBeLessThan(100);

    const expected = await json(await reference.call('/v1/simulations/from-domain', { key: 'key-a', body }));
    expect(expected.state.agentCount).toBeGreaterThan(9_000);
    for (const view of views) expect(withoutIdentity(view)).toEqual(withoutIdentity(expected));
  });

  it('an unknown domain or an invalid input is answered as before, an unknown domain without a task', async () => {
    const before = engine.kinds.translate;
    const unknown = await server.call('/v1/simulations/from-domain', { key: 'key-a', body: { domain: 'no-such-domain', input: {} } });
    expect(unknown.status).toBe(404);
    expect(engine.kinds.translate).toBe(before);
    const bad = { domain: 'ecosystem', input: { ...largeInput(), patches: [] } };
    const res = await server.call('/v1/simulations/from-domain', { key: 'key-a', body: bad });
    const ref = await reference.call('/v1/simulations/from-domain', { key: 'key-a', body: bad });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).error.details).toEqual(((await ref.json()) as Json).error.details);
  });

  it('POST /v1/experiments on it translates the base and each value on a worker: health answers promptly, the plan is unchanged', async () => {
    const body = {
      base: { domain: 'ecosystem', input: largeInput() },
      vary: { 'input.patches.0.animals': [100, 150, 250] },
      replications: 1,
      seed: 3,
      ticks: 1,
      metrics: ['losses'],
    };
    const before = engine.kinds.translate;
    const submitting = server.call('/v1/experiments', { key: 'key-a', body }).then(json);
    const health = await healthWhile(submitting);
    const accepted = await submitting;
    // The base, then each of the three values.
    expect(engine.kinds.translate - before).toBeGreaterThanOrEqual(4);
    expect(median(health)).toBeLessThan(100);

    const expected = await json(await reference.call('/v1/experiments', { key: 'key-a', body }));
    const plan = ({ id: _id, createdAt: _c, status: _s, runs: _r, ...rest }: Json): Json => rest;
    expect(plan(accepted)).toEqual(plan(expected));
    expect(accepted.runs.total).toBe(3);
    await server.call(`/v1/experiments/${accepted.id}/cancel`, { key: 'key-a', method: 'POST' });
    await reference.call(`/v1/experiments/${expected.id}/cancel`, { key: 'key-a', method: 'POST' });
  });
});
