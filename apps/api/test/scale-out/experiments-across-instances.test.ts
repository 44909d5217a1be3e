import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/test-server.js';
import { spawnServerProcess, startServerProcess, type ServerProcess, type SpawnedServer } from '../support/server-process.js';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../support/test-postgres-database.js';
import { fixtureScenario } from '../support/scenario-files.js';

/**
 * Experiments on several processes sharing one PostgreSQL database (docs/operations.md,
 * "Experiments on several instances"): an API process and a worker-only process (SIM_ROLE=worker)
 * both take the runs of an experiment from the shared queue, each run is computed and stored
 * once, the results are those the same experiment gives on SQLite, a stream on the API process
 * carries the runs the worker finished, a cancel holds on both, and the batches of a worker
 * killed mid-way are taken back and finished by the other.
 */

type Json = any;

let database: TestPostgresDatabase;
let client: pg.Client;
let api: ServerProcess;
let worker: SpawnedServer;
let key: string;

// The experiments here are about where runs compute, not what they cost: a compute window that
// holds all of them (each run's prophecies weigh their forks: docs/api.md, "Cost model: agent-ticks").
const env = (url: string): Record<string, string> => ({ DATABASE_URL: url, SIM_ENGINE_WORKERS: '1', SIM_WORK_LIMITS_PRO: '25000000,2000000000' });

beforeAll(async () => {
  database = await createTestPostgresDatabase();
  api = await startServerProcess({ env: env(database.url), timeoutMs: 60_000 });
  if (api.apiKey === undefined) throw new Error(`no bootstrap key; output:\n${api.output()}`);
  key = api.apiKey;
  worker = spawnServerProcess({ env: { ...env(database.url), SIM_ROLE: 'worker' } });
  await worker.waitForOutput(/worker: computing experiment runs on 1 engine thread\(s\), serving no HTTP/, 60_000);
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
}, 120_000);

afterAll(async () => {
  if (process.env.SHOW_SERVER_OUTPUT) console.log(`API:\n${api?.output()}\nWORKER:\n${worker?.output()}`);
  await client?.end();
  await Promise.all([api?.stop(), worker?.stop()]);
  await database?.drop();
}, 60_000);

function tinyValley(): Record<string, unknown> {
  return { ...fixtureScenario('tiny-valley') };
}

const body = (seed: number, replications: number, ticks = 200) => ({
  base: { scenario: tinyValley() },
  vary: { 'rules.reflexivity': [-0.5, 0.5] },
  replications,
  seed,
  ticks,
  metrics: ['finalStability', 'losses', 'prophecies', 'minStability'],
});

async function call(method: string, path: string, payload?: unknown): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${api.baseUrl}${path}`, {
    method,
    headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
    ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
}

async function submit(payload: unknown): Promise<string> {
  const res = await call('POST', '/v1/experiments', payload);
  expect(res.status).toBe(202);
  return res.body.id as string;
}

async function finished(id: string, timeoutMs = 120_000): Promise<Json> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const experiment = (await call('GET', `/v1/experiments/${id}`)).body;
    if (!['queued', 'running'].includes(experiment.status)) return experiment;
    if (Date.now() > deadline) throw new Error(`experiment ${id} did not finish: ${JSON.stringify(experiment.runs)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs stored per process that recorded them (host:pid). */
async function recordedBy(id: string): Promise<Map<string, number>> {
  const rows = await client.query<{ recorded_by: string; n: string }>(
    'SELECT recorded_by, count(*) AS n FROM experiment_runs WHERE experiment_id = $1 GROUP BY recorded_by',
    [id],
  );
  return new Map(rows.rows.map((row) => [row.recorded_by, Number(row.n)]));
}

/** Rows stored, distinct runs, and the most times the engine computed any of its runs' inputs. */
async function stored(id: string): Promise<{ rows: number; distinct: number; mostComputations: number }> {
  const runs = await client.query<{ n: string; d: string }>(
    'SELECT count(*) AS n, count(DISTINCT (combination, replication)) AS d FROM experiment_runs WHERE experiment_id = $1',
    [id],
  );
  const results = await client.query<{ most: number | null }>(
    'SELECT max(r.computations) AS most FROM run_results r WHERE r.inputs_hash IN (SELECT inputs_hash FROM experiment_runs WHERE experiment_id = $1)',
    [id],
  );
  return { rows: Number(runs.rows[0]?.n), distinct: Number(runs.rows[0]?.d), mostComputations: Number(results.rows[0]?.most ?? 0) };
}

const pidOf = (label: string): number => Number(label.slice(label.lastIndexOf(':') + 1));

/** Whether the process `pid` holds a batch of the experiment that is being computed (its job active in pg-boss). */
async function holdsBatch(pid: number, experimentId: string): Promise<boolean> {
  const claims = await client.query<{ holder: string }>(
    `SELECT c.holder FROM run_batch_claims c JOIN pgboss.job j ON j.id::text = c.job_id
     WHERE j.name = 'experiment-runs' AND j.state = 'active' AND j.data->>'experimentId' = $1`,
    [experimentId],
  );
  return claims.rows.some((row) => pidOf(row.holder) === pid);
}

describe('experiments on an API process and a worker process sharing PostgreSQL', () => {
  it('computes the runs on both, each once, with the results the same experiment gives on SQLite; a stream on the API carries them all, in order', async () => {
    const payload = body(11, 60);
    const id = await submit(payload);
    // Opened at once, without Last-Event-ID: what follows the present comes live, from both processes.
    const stream = await fetch(`${api.baseUrl}/v1/experiments/${id}/events`, { headers: { 'X-Api-Key': key } });
    expect(stream.status).toBe(200);
    const text = await stream.text();

    const done = await finished(id);
    expect(done.status).toBe('completed');
    expect(done.runs).toEqual({ total: 120, done: 120, computed: 120, reused: 0 });
    expect(await stored(id)).toEqual({ rows: 120, distinct: 120, mostComputations: 1 });
    const byProcess = await recordedBy(id);
    expect([...byProcess.keys()].map(pidOf).sort()).toEqual([api.pid, worker.pid].sort());
    for (const count of byProcess.values()) expect(count).toBeGreaterThan(0);

    // The stream: consecutive ids up to the finishing status, every run's `done` one more than the last.
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    const events = [...text.matchAll(/^event: (.+)$/gm)].map((m) => m[1]);
    const data = [...text.matchAll(/^data: (.+)$/gm)].map((m) => JSON.parse(m[1] as string) as Json);
    expect(ids.length).toBeGreaterThan(60);
    expect(ids).toEqual(ids.map((_, i) => (ids[0] as number) + i));
    const replayed = await (await fetch(`${api.baseUrl}/v1/experiments/${id}/events?lastEventId=0`, { headers: { 'X-Api-Key': key } })).text();
    const allIds = [...replayed.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids.at(-1)).toBe(allIds.at(-1));
    expect(events.at(-1)).toBe('experiment:status');
    expect(data.at(-1)).toEqual({ status: 'completed', done: 120 });
    const dones = data.filter((_, i) => events[i] === 'run').map((d) => d.done as number);
    expect(dones).toEqual(dones.map((_, i) => (dones[0] as number) + i));
    expect(dones.at(-1)).toBe(120);

    // The same experiment on SQLite, in one process: the same results, to the byte.
    const local = await startTestServer();
    try {
      const res = await local.call('/v1/experiments', { key: 'key-a', body: payload });
      expect(res.status).toBe(202);
      const localId = ((await res.json()) as Json).id as string;
      for (let i = 0; ; i++) {
        const view = (await (await local.call(`/v1/experiments/${localId}`, { key: 'key-a' })).json()) as Json;
        if (view.status === 'completed') break;
        if (i > 6000) throw new Error('the SQLite experiment did not complete');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const localResults = (await (await local.call(`/v1/experiments/${localId}/results`, { key: 'key-a' })).json()) as Json;
      const sharedResults = (await call('GET', `/v1/experiments/${id}/results`)).body;
      expect(sharedResults.hash).toBe(localResults.hash);
    } finally {
      await local.close();
    }
  }, 180_000);

  it('a cancel on the API holds for both: no run is recorded after it answers, the finished runs stay', async () => {
    const id = await submit(body(12, 300));
    const deadline = Date.now() + 60_000;
    while ((await recordedBy(id)).size < 2) {
      if (Date.now() > deadline) throw new Error('both processes did not start computing');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const cancelled = await call('POST', `/v1/experiments/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    const atCancel = (await stored(id)).rows;
    expect(atCancel).toBe(cancelled.body.runs.done);
    expect(atCancel).toBeLessThan(600);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await stored(id)).rows).toBe(atCancel);
    expect((await call('GET', `/v1/experiments/${id}`)).body).toMatchObject({ status: 'cancelled', runs: { done: atCancel } });
  }, 120_000);

  it('the batches of a worker killed mid-way go back to the queue: the API process finishes the experiment, each run stored and computed once', async () => {
    // Longer runs: the worker is killed in the middle of a batch, after it finished a few runs.
    const id = await submit(body(13, 150, 600));
    const workerLabel = (): Promise<number> => recordedBy(id).then((counts) => [...counts.entries()].find(([label]) => pidOf(label) === worker.pid)?.[1] ?? 0);
    const deadline = Date.now() + 60_000;
    while ((await workerLabel()) < 5 || !(await holdsBatch(worker.pid, id))) {
      if (Date.now() > deadline) throw new Error('the worker did not compute runs');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await worker.kill();
    const atKill = (await stored(id)).rows;
    expect(atKill, 'the experiment must still be running when the worker is killed').toBeLessThan(300);
    // The worker may have finished its batch between the check above and the kill (on a loaded
    // machine it happens): then it died holding nothing, and nothing is put back.
    const diedHolding = await holdsBatch(worker.pid, id);

    // Its claim expires (10 s) and the API process puts its batch back.
    if (diedHolding) await api.waitForOutput(/experiments: 1 batch\(es\) of a process that stopped are back in the queue/, 60_000);
    const done = await finished(id);
    expect(done.status).toBe('completed');
    expect(done.runs).toEqual({ total: 300, done: 300, computed: 300, reused: 0 });
    expect(await stored(id)).toEqual({ rows: 300, distinct: 300, mostComputations: 1 });
  }, 180_000);

  it('a worker stopped with SIGTERM hands its batch back at once and exits 0; the API process finishes the experiment', async () => {
    const second = spawnServerProcess({ env: { ...env(database.url), SIM_ROLE: 'worker' } });
    try {
      await second.waitForOutput(/worker: computing experiment runs/, 60_000);
      const id = await submit(body(14, 150, 600));
      const deadline = Date.now() + 60_000;
      while (!(await holdsBatch(second.pid, id))) {
        if (Date.now() > deadline) throw new Error('the second worker took no batch');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const takenBack = api.output().match(/back in the queue/g)?.length ?? 0;
      await second.stop();
      expect(second.child.exitCode).toBe(0);
      expect(second.output()).toMatch(/SIGTERM: stopping \(handing the batches under way back to the queue\)[\s\S]*stopped/);
      // Handed back, not left to expire: no claim of it remains.
      const left = await client.query<{ holder: string }>('SELECT holder FROM run_batch_claims');
      expect(left.rows.filter((row) => pidOf(row.holder) === second.pid)).toEqual([]);
      const done = await finished(id);
      expect(done.runs).toEqual({ total: 300, done: 300, computed: 300, reused: 0 });
      expect(await stored(id)).toEqual({ rows: 300, distinct: 300, mostComputations: 1 });
      expect(api.output().match(/back in the queue/g)?.length ?? 0).toBe(takenBack);
    } finally {
      await second.kill();
    }
  }, 180_000);
});
