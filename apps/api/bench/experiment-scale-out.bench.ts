/**
 * Experiments on PostgreSQL, one instance against two
 * (docs/operations.md, "Experiments on several instances"). A PostgreSQL server of its own (the tests' embedded one), a fresh
 * database per round so nothing is reused; API processes as `pnpm start` runs them (the esbuild
 * bundle), each with BENCH_WORKERS engine threads (default half the cores, at least one, so that
 * two instances together use what one machine has). The same experiment (a sweep of the
 * reflexivity of `self-defeating-prophecy`, 5 values × BENCH_REPLICATIONS replications of 200
 * ticks) is submitted to the first instance; runs per second over its startedAt … finishedAt,
 * how many runs each instance computed, and the ratio. Prints figures, asserts nothing.
 *
 *   npx tsx apps/api/bench/experiment-scale-out.bench.ts
 *   BENCH_REPLICATIONS=64 BENCH_WORKERS=2 npx tsx apps/api/bench/experiment-scale-out.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { REPO_ROOT, startServerProcess, type ServerProcess } from '../test/support/server-process.js';
import { createPostgresDatabase, startTestPostgresServer } from '../test/support/test-postgres-server.js';

const REPLICATIONS = Number(process.env.BENCH_REPLICATIONS ?? 32);
const WORKERS = Number(process.env.BENCH_WORKERS ?? Math.max(1, Math.floor(availableParallelism() / 2)));
const SCENARIO = 'self-defeating-prophecy';
const REFLEXIVITY = [-1, -0.5, 0, 0.5, 1];
const TICKS = 200;

interface Experiment {
  id: string;
  status: string;
  startedAt: string;
  finishedAt: string;
  runs: { done: number; total: number };
}

/** The operator CLI on the database: an enterprise organization and its key (limits high enough for the sweep). */
function enterpriseKey(url: string): string {
  const cli = (args: string[]): unknown => {
    const result = spawnSync(process.execPath, ['--conditions=@sim/source', '--import', 'tsx', join(REPO_ROOT, 'apps/api/src/cli/main.ts'), ...args], {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: url },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${result.stderr}`);
    return JSON.parse(result.stdout) as unknown;
  };
  const org = cli(['orgs', 'create', '--name', 'bench', '--tier', 'enterprise', '--json']) as { id: string };
  return (cli(['keys', 'create', '--org', org.id, '--scopes', 'simulation:read,simulation:write', '--json']) as { key: string }).key;
}

/** One round: `instances` API processes on a fresh database compute the experiment. */
async function round(adminUrl: string, instances: number) {
  const database = await createPostgresDatabase(adminUrl);
  const env = {
    DATABASE_URL: database.url,
    SIM_BOOTSTRAP: 'false',
    SIM_ENGINE_WORKERS: String(WORKERS),
    SIM_RATE_LIMITS_ENTERPRISE: '1000000,1000000,1000000',
    SIM_WORK_LIMITS_ENTERPRISE: '100000000,100000000000',
  };
  const servers: ServerProcess[] = [];
  try {
    // The first migrates the empty database; the others find it ready.
    servers.push(await startServerProcess({ entry: 'bundle', env, timeoutMs: 60_000 }));
    const key = enterpriseKey(database.url);
    while (servers.length < instances) servers.push(await startServerProcess({ entry: 'bundle', env, timeoutMs: 60_000 }));
    const first = servers[0] as ServerProcess;
    const headers = { 'X-Api-Key': key, 'Content-Type': 'application/json' };
    const body = {
      base: { scenarioId: SCENARIO },
      vary: { 'rules.reflexivity': REFLEXIVITY },
      replications: REPLICATIONS,
      seed: 1,
      ticks: TICKS,
      metrics: ['completionTick', 'finalStability'],
    };
    const submitted = (await (await fetch(`${first.baseUrl}/v1/experiments`, { method: 'POST', headers, body: JSON.stringify(body) })).json()) as Experiment;
    if (submitted.id === undefined) throw new Error(`refused: ${JSON.stringify(submitted)}`);
    let done: Experiment;
    for (;;) {
      done = (await (await fetch(`${first.baseUrl}/v1/experiments/${submitted.id}`, { headers })).json()) as Experiment;
      if (done.status !== 'queued' && done.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (done.status !== 'completed') throw new Error(`the experiment ended ${done.status}`);
    const seconds = (Date.parse(done.finishedAt) - Date.parse(done.startedAt)) / 1000;
    // Which process recorded each run (host:pid), in the order the instances were started.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const rows = await client.query<{ recorded_by: string; n: string }>(
      'SELECT recorded_by, count(*) AS n FROM experiment_runs WHERE experiment_id = $1 GROUP BY recorded_by',
      [submitted.id],
    );
    await client.end();
    const perInstance = servers.map((server) => Number(rows.rows.find((row) => row.recorded_by.endsWith(`:${server.pid}`))?.n ?? 0));
    return { runs: done.runs.done, seconds, runsPerSecond: done.runs.done / seconds, perInstance };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop();
  }
}

const postgres = await startTestPostgresServer();
try {
  const one = await round(postgres.adminUrl, 1);
  const two = await round(postgres.adminUrl, 2);
  console.log(
    `machine: ${availableParallelism()} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; PostgreSQL (embedded, local); ${WORKERS} engine thread(s) per instance; ` +
      `experiment: ${SCENARIO}, rules.reflexivity ${REFLEXIVITY.join(', ')}, ${REPLICATIONS} replications, ${TICKS} ticks`,
  );
  console.log('');
  console.log('| instances | runs | seconds | runs/s | runs per instance |');
  console.log('|---|---|---|---|---|');
  for (const [instances, r] of [
    [1, one],
    [2, two],
  ] as const) {
    console.log(`| ${instances} | ${r.runs} | ${r.seconds.toFixed(2)} | ${r.runsPerSecond.toFixed(1)} | ${r.perInstance.join(' + ')} |`);
  }
  console.log(`\nratio 2 instances / 1 instance: ${(two.runsPerSecond / one.runsPerSecond).toFixed(2)}× runs/s`);
} finally {
  await postgres.stop();
}
