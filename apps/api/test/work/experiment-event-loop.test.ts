import { ecosystemAdapter } from '@sim/domain-adapters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkerPoolRunner } from '../../src/engine-work/worker-pool-runner.js';
import type { EngineRunner } from '../../src/engine-work/engine-runner.js';
import { createEngineDomainCatalog } from '../../src/scenarios/engine-domain-catalog.js';
import type { DomainCatalog } from '../../src/scenarios/domain-catalog.js';
import { heavyScenario } from '../helpers/heavy-scenario.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

// Issue 23, findings 1 and 2, scaled to seconds: an experiment on a domain base with many
// `vary` values translated every value on the event loop before its limits were checked (14 s
// for 8 paths × 1 000 values), and an experiment whose runs were all reused recorded them in
// one unbroken chain (5 to 22 s). `GET /v1/health` must keep answering from another
// connection meanwhile (docs/api.md, "Experiments", "Limits").

type Json = any;

let engine: EngineRunner;
let server: TestServer;
let translations = 0;
beforeAll(async () => {
  engine = createWorkerPoolRunner({ threads: 1 });
  // As the server does: translations on the engine's worker.
  const adapters = createEngineDomainCatalog(engine);
  const domains: DomainCatalog = {
    list: () => adapters.list(),
    get: (id) => adapters.get(id),
    translate: (id, input, signal) => {
      translations++;
      return adapters.translate(id, input, signal);
    },
  };
  server = await startTestServer({ engine, domains, experimentParallelism: 1 });
});
afterAll(async () => {
  await server?.close();
  await engine?.close();
}, 30_000);

/**
 * Polls `GET /v1/health` on its own connections, one request after another, until `during`
 * settles; the slowest answer in ms and how many were made.
 */
async function healthWhile<T>(during: Promise<T>): Promise<{ result: T; slowestMs: number; polls: number }> {
  let settled = false;
  const result = during.finally(() => {
    settled = true;
  });
  let slowestMs = 0;
  let polls = 0;
  // Let the request reach the server first.
  await new Promise((resolve) => setTimeout(resolve, 5));
  while (!settled) {
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}/v1/health`, { headers: { Connection: 'close' } });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    slowestMs = Math.max(slowestMs, performance.now() - started);
    polls++;
  }
  return { result: await result, slowestMs, polls };
}

/**
 * The bound on the slowest health answer. The target is 100 ms; the cores of this machine are
 * shared by several test runs at once, where one slice of work (a domain translation, 15 ms of
 * CPU) takes several times its CPU time, so a test bounds it at 250 ms, or three times an idle
 * server's slowest health answer measured now if that is more. Before, these requests held the
 * loop for their whole length: seconds.
 */
async function healthBound(): Promise<number> {
  const idle = await healthWhile(new Promise((resolve) => setTimeout(resolve, 500)));
  return Math.max(250, 3 * idle.slowestMs);
}

/** The ecosystem example with more patches: each `input.patches.<i>.animals` a path to vary. */
const input = { ...(ecosystemAdapter.example as Record<string, unknown>) };
const patchCount = (input.patches as unknown[]).length;

const experiment = (vary: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
  base: { domain: 'ecosystem', input },
  vary,
  replications: 1,
  seed: 3,
  ticks: 1,
  metrics: ['losses'],
  ...over,
});

const animals = (n: number, from = 100): number[] => Array.from({ length: n }, (_, i) => from + i);

describe('an experiment on a domain base', () => {
  it('over the tier’s runs is refused by arithmetic, before any value is translated', async () => {
    // 8 paths × 1 000 values, as in the issue: 10^24 combinations.
    const vary = Object.fromEntries(Array.from({ length: Math.min(8, patchCount) }, (_, i) => [`input.patches.${i}.animals`, animals(1_000)]));
    const before = translations;
    const { result: res } = await healthWhile(server.call('/v1/experiments', { key: 'key-a', body: experiment(vary) }));
    const body = (await res.json()) as Json;
    expect(res.status).toBe(400);
    expect(body.error.details.issues.map((i: Json) => i.path)).toEqual(['vary']);
    expect(body.error.details.issues[0].message).toMatch(/runs; the tier allows at most 1000/);
    // Only the base input itself was translated (to check it and reach its paths).
    // Before: one translation per value first, 8 000 of them (14 s in the issue).
    expect(translations - before).toBe(1);
    // The first translation on a fresh worker thread compiles the adapter's code: seconds on a loaded machine.
  }, 30_000);

  it('within them translates its values in slices: health keeps answering while it is checked', async () => {
    const before = translations;
    const started = performance.now();
    const {
      result: res,
      slowestMs,
      polls,
    } = await healthWhile(server.call('/v1/experiments', { key: 'key-a', body: experiment({ 'input.patches.0.animals': animals(60) }) }));
    expect(res.status, await res.clone().text()).toBe(202);
    const { id } = (await res.json()) as Json;
    // The base, then each value once: its translation also gives its combination's cost.
    // (The executor may have started on the first combinations by the time this reads.)
    expect(translations - before).toBeGreaterThanOrEqual(1 + 60);
    expect(translations - before).toBeLessThanOrEqual(1 + 60 + 2);
    // The loop was given back all along: health answered again and again, none of its waits
    // near the length of the request (translations are on the worker; before, the
    // request held the loop for its whole length and health got one answer, after it).
    const elapsed = performance.now() - started;
    expect(polls).toBeGreaterThanOrEqual(3);
    expect(slowestMs).toBeLessThan(elapsed / 2);
    await server.call(`/v1/experiments/${id}/cancel`, { key: 'key-a', method: 'POST' });
  }, 60_000);
});

describe('an experiment whose runs are all reused', () => {
  it('records them in slices: health and a GET of the experiment answer promptly meanwhile', async () => {
    // 3 000 agents: each run's inputs hash covered megabytes of canonical JSON on the event loop.
    const body = { base: { scenario: heavyScenario() }, replications: 100, seed: 5, ticks: 1, metrics: ['losses'] };
    const finished = async (id: string): Promise<Json> => {
      for (let i = 0; i < 6000; i++) {
        const view = (await (await server.call(`/v1/experiments/${id}`, { key: 'key-a' })).json()) as Json;
        if (view.status !== 'queued' && view.status !== 'running') return view;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`experiment ${id} did not finish`);
    };
    const first = (await (await server.call('/v1/experiments', { key: 'key-a', body })).json()) as Json;
    expect((await finished(first.id)).runs).toMatchObject({ total: 100, computed: 100 });

    const bound = await healthBound();
    const res = await server.call('/v1/experiments', { key: 'key-a', body });
    expect(res.status).toBe(202);
    const second = (await res.json()) as Json;
    const { result: view, slowestMs, polls } = await healthWhile(finished(second.id));
    expect(view.runs).toEqual({ total: 100, done: 100, computed: 0, reused: 100 });
    expect(polls).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(bound);
  }, 120_000);
});
