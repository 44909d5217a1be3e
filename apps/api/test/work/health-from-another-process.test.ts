import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureScenario } from '../support/scenario-files.js';
import { startServerProcess, tempDir, type ServerProcess } from '../support/server-process.js';

// Issue 23's proof: `GET /v1/health` answers in under 100 ms from another process while each
// heavy request runs. The server here is a child process (the real `main.ts`, its engine on
// worker threads); this test process is the other one, polling health while the request runs.
// The bound is on the median answer: this machine's cores are shared by many test files at
// once, where one slow answer says more about the neighbours than about the server, while a
// loop held by the request (the issue measured seconds) holds most answers with it. Sizes are
// scaled to seconds: findings 2 (an experiment whose runs are all reused) and 4 (a step of a
// world that prophesies every tick, storing a prophecy and its event every tick). The step's
// commit is one SQLite transaction whose statements run on the event loop; it pauses between
// them, and health's probe asks the connection directly
// (docs/operations.md, "SQLite and the event loop"): its slowest answer during these 2 000 ticks
// went from about 0.25 s to 0.04 s.

type Json = any;

const dir = tempDir('sim-health-');
let server: ServerProcess;
let key: string;
beforeAll(async () => {
  server = await startServerProcess({ databasePath: join(dir.path, 'sim.db') });
  expect(server.apiKey, 'the first start prints a bootstrap key').toBeDefined();
  key = server.apiKey as string;
}, 60_000);
afterAll(async () => {
  await server?.stop();
  dir.remove();
}, 30_000);

async function call(path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

/** tiny-valley (6 agents, 2 attractors), inline: the server reads the repository's scenarios, not the tests' fixtures. */
const tinyValley = (): Json => {
  return fixtureScenario('tiny-valley');
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * Polls `GET /v1/health` from this process, on a new connection each time, one request after
 * another with a 10 ms pause (a monitor's pace, not a flood), until `during` settles.
 */
async function healthWhile<T>(during: Promise<T>): Promise<{ result: T; medianMs: number; slowestMs: number; polls: number; elapsedMs: number }> {
  let settled = false;
  const started = performance.now();
  const result = during.finally(() => {
    settled = true;
  });
  const waits: number[] = [];
  // Let the request reach the server first.
  await new Promise((resolve) => setTimeout(resolve, 5));
  while (!settled) {
    const sent = performance.now();
    const res = await fetch(`${server.baseUrl}/v1/health`, { headers: { Connection: 'close' } });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    waits.push(performance.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const value = await result;
  return { result: value, medianMs: median(waits), slowestMs: Math.max(...waits), polls: waits.length, elapsedMs: performance.now() - started };
}

describe('GET /v1/health from another process', () => {
  it('answers in under 100 ms (median) during a step of a world that prophesies every tick', async () => {
    const scenario = tinyValley();
    const created = await call('/v1/simulations', { scenario: { ...scenario, rules: { ...scenario.rules, prophecyInterval: 1 } } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const ticks = 2_000;

    const { result, medianMs, polls, slowestMs, elapsedMs } = await healthWhile(call(`/v1/simulations/${id}/step`, { ticks }));
    expect(result.status).toBe(200);
    expect(result.body.state.tick).toBe(ticks);
    // It stored what the issue measured: a prophecy and its event every tick.
    const usage = await call('/v1/usage');
    expect(usage.status).toBe(200);
    expect(usage.body.storage.prophecies).toBeGreaterThan(ticks * 500);
    expect(usage.body.storage.events).toBeGreaterThan(ticks * 500);
    expect(polls, 'health answered again and again while the step ran').toBeGreaterThanOrEqual(3);
    expect(medianMs).toBeLessThan(100);
    // The commit writes its rows in slices and health's probe does not wait for it: no wait came
    // near the length of the step (before, the commit held the loop about 0.25 s in one piece).
    expect(slowestMs).toBeLessThan(elapsedMs / 2);
  }, 60_000);

  it('answers in under 100 ms (median) while an experiment whose runs are all reused is recorded', async () => {
    // The 1 000 replications, of a small world so that computing them first takes seconds.
    const body = { base: { scenario: tinyValley() }, replications: 1_000, seed: 5, ticks: 1, metrics: ['losses'] };
    const finished = async (id: string): Promise<Json> => {
      for (let i = 0; i < 6000; i++) {
        const view = await call(`/v1/experiments/${id}`);
        if (view.body.status !== 'queued' && view.body.status !== 'running') return view.body;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`experiment ${id} did not finish`);
    };
    const first = await call('/v1/experiments', body);
    expect(first.status).toBe(202);
    expect((await finished(first.body.id)).runs).toMatchObject({ total: 1_000, computed: 1_000 });

    const submitted = async (): Promise<Json> => {
      const res = await call('/v1/experiments', body);
      expect(res.status).toBe(202);
      return finished(res.body.id);
    };
    const { result: view, medianMs, slowestMs, polls, elapsedMs } = await healthWhile(submitted());
    expect(view.runs).toEqual({ total: 1_000, done: 1_000, computed: 0, reused: 1_000 });
    expect(polls).toBeGreaterThanOrEqual(3);
    expect(medianMs).toBeLessThan(100);
    // The runs are recorded in slices: no wait of health came near the length of the whole
    // (before, it held the loop from the 202 to the last run, and health got one answer, after it).
    expect(slowestMs).toBeLessThan(elapsedMs / 2);
  }, 120_000);
});
