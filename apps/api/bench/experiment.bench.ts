/**
 * Experiments on the worker pool. Against the real server as `pnpm start` runs it (the esbuild
 * bundle), with an enterprise key: one experiment (a sweep of the reflexivity of
 * `self-defeating-prophecy`, 5 values × 16 replications of 200 ticks) computed by a server with
 * 1 engine worker and by one with a worker per core, on fresh databases (so nothing is reused):
 * runs per second and agent-ticks per second (the cost model's, prophecy ensembles included),
 * and their ratio. Then the p50 and p99 of GET /v1/simulations/{id} on the second server, idle and
 * while a longer experiment runs. Prints figures, asserts nothing.
 *
 *   npx tsx apps/api/bench/experiment.bench.ts
 *   BENCH_REQUESTS=1000 npx tsx apps/api/bench/experiment.bench.ts
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_ENGINE_VERSION, type ScenarioInput } from '@sim/engine';
import { estimateWork, scenarioShape } from '../src/engine-data/work-cost.js';
import { REPO_ROOT, runCliJson, startServerProcess, tempDir } from '../test/support/server-process.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const SCENARIO = 'self-defeating-prophecy';
const REFLEXIVITY = [-1, -0.5, 0, 0.5, 1];
const TICKS = 200;

/** The members of an experiment (and of a created simulation, `id`) this benchmark reads. */
interface Json {
  id: string;
  status: string;
  startedAt: string;
  finishedAt: string;
  runs: { done: number; total: number };
}

const scenario = JSON.parse(readFileSync(join(REPO_ROOT, 'scenarios', `${SCENARIO}.json`), 'utf8')) as ScenarioInput;
const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;

async function startServer(workers: number) {
  const dir = tempDir('sim-experiment-bench-');
  const databasePath = join(dir.path, 'bench.db');
  const server = await startServerProcess({
    databasePath,
    entry: 'bundle',
    env: {
      SIM_BOOTSTRAP: 'false',
      SIM_ENGINE_WORKERS: String(workers),
      SIM_RATE_LIMITS_ENTERPRISE: '1000000,1000000,1000000',
      SIM_WORK_LIMITS_ENTERPRISE: '100000000,100000000000',
    },
  });
  const org = runCliJson(databasePath, ['orgs', 'create', '--name', 'bench', '--tier', 'enterprise', '--json']) as { id: string };
  const { key } = runCliJson(databasePath, ['keys', 'create', '--org', org.id, '--scopes', 'simulation:read,simulation:write', '--json']) as { key: string };
  const headers = { 'X-Api-Key': key, 'Content-Type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown): Promise<Json> =>
    (await (await fetch(`${server.baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })).json()) as Json;
  return {
    server,
    headers,
    call,
    async close() {
      await server.stop();
      dir.remove();
    },
  };
}

type Server = Awaited<ReturnType<typeof startServer>>;

async function waitFinished(s: Server, id: string): Promise<Json> {
  for (;;) {
    const view = await s.call('GET', `/v1/experiments/${id}`);
    if (view.status !== 'queued' && view.status !== 'running') return view;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One experiment start to end: runs/s and agent-ticks/s over its own startedAt … finishedAt. */
async function throughput(s: Server, replications: number) {
  const body = {
    base: { scenarioId: SCENARIO },
    vary: { 'rules.reflexivity': REFLEXIVITY },
    replications,
    seed: 1,
    ticks: TICKS,
    metrics: ['completionTick', 'finalStability'],
  };
  const submitted = await s.call('POST', '/v1/experiments', body);
  if (submitted.id === undefined) throw new Error(`refused: ${JSON.stringify(submitted)}`);
  const done = await waitFinished(s, submitted.id);
  const seconds = (Date.parse(done.finishedAt) - Date.parse(done.startedAt)) / 1000;
  // Agent-ticks by the cost model, each run from its own rules up to the tick it reached.
  const csv = (await (await fetch(`${s.server.baseUrl}/v1/experiments/${submitted.id}/results`, { headers: { ...s.headers, Accept: 'text/csv' } })).text())
    .trimEnd()
    .split('\r\n');
  const columns = (csv[0] as string).split(',');
  let agentTicks = 0;
  for (const line of csv.slice(1)) {
    const cells = line.split(',');
    const reflexivity = Number(cells[columns.indexOf('rules.reflexivity')]);
    const completed = cells[columns.indexOf('completionTick')];
    const ticks = completed === '' ? TICKS : Number(completed);
    agentTicks += estimateWork(scenarioShape({ ...scenario, rules: { ...scenario.rules, reflexivity } }, DEFAULT_ENGINE_VERSION), 0, ticks).cost;
  }
  return { runs: done.runs.done as number, seconds, runsPerSecond: done.runs.done / seconds, agentTicksPerSecond: agentTicks / seconds };
}

async function latency(s: Server, url: string): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await (await fetch(url, { headers: s.headers })).arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

const all = availableParallelism();
const replications = 16;
const one = await startServer(1);
let single: Awaited<ReturnType<typeof throughput>>;
try {
  single = await throughput(one, replications);
} finally {
  await one.close();
}
const many = await startServer(all);
try {
  const pooled = await throughput(many, replications);
  const simulation = await many.call('POST', '/v1/simulations', { scenarioId: 'calm-equilibrium' });
  const url = `${many.server.baseUrl}/v1/simulations/${simulation.id}`;
  for (let i = 0; i < 50; i++) await (await fetch(url, { headers: many.headers })).arrayBuffer();
  const idle = await latency(many, url);
  const long = await many.call('POST', '/v1/experiments', {
    base: { scenarioId: SCENARIO },
    vary: { 'rules.reflexivity': REFLEXIVITY },
    replications: 200,
    seed: 2,
    ticks: TICKS,
    metrics: ['finalStability'],
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const loaded = await latency(many, url);
  const during = await many.call('GET', `/v1/experiments/${long.id}`);
  await many.call('POST', `/v1/experiments/${long.id}/cancel`);

  console.log(
    `machine: ${all} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; experiment: ${SCENARIO}, rules.reflexivity ${REFLEXIVITY.join(', ')}, ${replications} replications, ${TICKS} ticks`,
  );
  console.log('');
  console.log('| workers | runs | seconds | runs/s | agent-ticks/s |');
  console.log('|---|---|---|---|---|');
  for (const [workers, r] of [
    [1, single],
    [all, pooled],
  ] as const) {
    console.log(
      `| ${workers} | ${r.runs} | ${r.seconds.toFixed(2)} | ${r.runsPerSecond.toFixed(1)} | ${Math.round(r.agentTicksPerSecond).toLocaleString('en-US')} |`,
    );
  }
  console.log(`\nratio ${all} workers / 1 worker: ${(pooled.runsPerSecond / single.runsPerSecond).toFixed(2)}× runs/s`);
  console.log('');
  console.log(`GET /v1/simulations/{id}, ${REQUESTS} sequential requests, ${all} worker(s):`);
  console.log('| | p50 | p99 |');
  console.log('|---|---|---|');
  console.log(`| no experiment | ${idle.p50.toFixed(2)} ms | ${idle.p99.toFixed(2)} ms |`);
  console.log(
    `| an experiment running (${during.runs.done} of ${during.runs.total} runs done when measured) | ${loaded.p50.toFixed(2)} ms | ${loaded.p99.toFixed(2)} ms |`,
  );
} finally {
  await many.close();
}
