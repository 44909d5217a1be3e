/**
 * Several instances on one PostgreSQL (docs/operations.md, "Several instances"): the same load
 * against one API process, then against two on the same database, side by side in one run, so
 * the ratio means something on a shared machine. Each process is the esbuild bundle on plain
 * node, as `pnpm start` runs it; PostgreSQL is the tests' embedded server (durability off, so
 * commits cost less than on a real deployment). Prints, asserts nothing, stops by itself.
 *
 * - GET /v1/simulations/{id}: requests a second with CLIENTS concurrent clients;
 * - POST …/step (1 tick) on CLIENTS simulations of calm-equilibrium, one client each;
 * - the same steps all on ONE simulation (every step waits for the simulation's lock);
 * - SSE: one simulation playing at 20 ticks/s, SUBSCRIBERS subscribers spread over the
 *   instances; delivery latency of each tick from its place on the playback schedule.
 *
 * The load comes from this one process, on the same cores as the servers and the database: on a
 * two-core machine a second instance adds processes, not cores, and the figures show what that
 * costs as much as what it gains.
 *
 *   npx tsx apps/api/bench/scale-out.bench.ts
 *   BENCH_SECONDS=10 BENCH_CLIENTS=32 npx tsx apps/api/bench/scale-out.bench.ts
 */
import { EventSource } from 'eventsource';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { smallPlayingWorld } from './small-playing-world.js';
import { REPO_ROOT, startServerProcess, type ServerProcess } from '../test/support/server-process.js';
import { createPostgresDatabase, startTestPostgresServer } from '../test/support/test-postgres-server.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 100);
const RATE = 20;

/** The streamed simulation: a small inline world that plays at RATE ticks a second. */
const streamed = smallPlayingWorld(RATE);

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function cli(databaseUrl: string, args: string[]): unknown {
  const result = spawnSync(process.execPath, ['--conditions=@sim/source', '--import', 'tsx', join(REPO_ROOT, 'apps/api/src/cli/main.ts'), ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as unknown;
}

/** Enough of every limit that the bench measures the service, not its rate limits. */
const serverEnv = (databaseUrl: string): Record<string, string> => ({
  DATABASE_URL: databaseUrl,
  SIM_BOOTSTRAP: 'false',
  SIM_RATE_LIMITS_ENTERPRISE: '1000000,1000000,1000000',
  SIM_SSE_STREAM_LIMITS: `2,20,${Math.max(200, SUBSCRIBERS)}`,
  SIM_ENGINE_WORKERS: '1',
});

interface Round {
  instances: number;
  getPerSecond: number;
  getP99: number;
  stepPerSecond: number;
  stepP99: number;
  contendedPerSecond: number;
  contendedP99: number;
  sseP99: number;
  sseP50: number;
  sseComplete: string;
}

/** Runs `request` from `clients` loops for SECONDS; requests a second and the p99 latency. */
async function load(clients: number, request: (client: number) => Promise<Response>): Promise<{ perSecond: number; p99: number; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < end) {
        const started = performance.now();
        const res = await request(client);
        await res.arrayBuffer();
        if (!res.ok) failed++;
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSecond: latencies.length / SECONDS, p99: percentile(latencies, 99), failed };
}

async function round(servers: ServerProcess[], key: string): Promise<Round> {
  const headers = { 'X-Api-Key': key, 'Content-Type': 'application/json' };
  const on = (i: number): ServerProcess => servers[i % servers.length] as ServerProcess;
  const api = (server: ServerProcess, path: string, method: string, body?: unknown) =>
    fetch(`${server.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const create = async (): Promise<string> =>
    ((await (await api(on(0), '/v1/simulations', 'POST', { scenarioId: 'calm-equilibrium' })).json()) as { id: string }).id;

  const own = await Promise.all(Array.from({ length: CLIENTS }, create));
  const gets = await load(CLIENTS, (c) => api(on(c), `/v1/simulations/${own[c] as string}`, 'GET'));
  const steps = await load(CLIENTS, (c) => api(on(c), `/v1/simulations/${own[c] as string}/step`, 'POST', { ticks: 1 }));
  const shared = await create();
  const contended = await load(CLIENTS, (c) => api(on(c), `/v1/simulations/${shared}/step`, 'POST', { ticks: 1 }));
  const failed = gets.failed + steps.failed + contended.failed;
  if (failed > 0) console.log(`  (${failed} requests failed)`);

  // SSE: subscribers spread over the instances, the simulation played by the first.
  const id = ((await (await api(on(0), '/v1/simulations', 'POST', { scenario: streamed })).json()) as { id: string }).id;
  const arrivals: Map<number, number>[] = [];
  const sources: EventSource[] = [];
  let opened = 0;
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const seen = new Map<number, number>();
    arrivals.push(seen);
    const source = new EventSource(`${on(i).baseUrl}/v1/simulations/${id}/events`, {
      fetch: (input, init) => fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), 'X-Api-Key': key } }),
    });
    source.addEventListener('open', () => opened++);
    source.addEventListener('tick', (event) => seen.set((JSON.parse(event.data) as { t: number }).t, performance.now()));
    sources.push(source);
  }
  const openDeadline = Date.now() + 30_000;
  while (opened < SUBSCRIBERS && Date.now() < openDeadline) await sleep(20);
  await api(on(0), `/v1/simulations/${id}/time-control`, 'PUT', { action: 'play' });
  await sleep(SECONDS * 1000);
  await api(on(0), `/v1/simulations/${id}/time-control`, 'PUT', { action: 'pause' });
  const ticks = ((await (await api(on(0), `/v1/simulations/${id}`, 'GET')).json()) as { state: { tick: number } }).state.tick;
  // Every subscriber has had a moment to receive the last ticks.
  const drainDeadline = Date.now() + 10_000;
  while (arrivals.some((seen) => seen.size < ticks) && Date.now() < drainDeadline) await sleep(50);
  for (const source of sources) source.close();
  const period = 1000 / RATE;
  let origin = Number.POSITIVE_INFINITY;
  for (const seen of arrivals) for (const [t, at] of seen) origin = Math.min(origin, at - t * period);
  const latencies: number[] = [];
  let complete = 0;
  for (const seen of arrivals) {
    for (const [t, at] of seen) latencies.push(at - (origin + t * period));
    if (seen.size === ticks) complete++;
  }
  latencies.sort((a, b) => a - b);
  return {
    instances: servers.length,
    getPerSecond: gets.perSecond,
    getP99: gets.p99,
    stepPerSecond: steps.perSecond,
    stepP99: steps.p99,
    contendedPerSecond: contended.perSecond,
    contendedP99: contended.p99,
    sseP99: percentile(latencies, 99),
    sseP50: percentile(latencies, 50),
    sseComplete: `${complete}/${SUBSCRIBERS} got all ${ticks} ticks`,
  };
}

async function main(): Promise<void> {
  const postgres = await startTestPostgresServer();
  const servers: ServerProcess[] = [];
  try {
    const database = await createPostgresDatabase(postgres.adminUrl);
    servers.push(await startServerProcess({ entry: 'bundle', env: serverEnv(database.url), timeoutMs: 60_000 }));
    const org = cli(database.url, ['orgs', 'create', '--name', 'bench', '--tier', 'enterprise', '--json']) as { id: string };
    const { key } = cli(database.url, ['keys', 'create', '--org', org.id, '--scopes', 'simulation:read,simulation:write', '--json']) as { key: string };
    const rounds: Round[] = [];
    console.log(`one instance (${SECONDS} s per measure, ${CLIENTS} clients, ${SUBSCRIBERS} subscribers)…`);
    rounds.push(await round(servers, key));
    servers.push(await startServerProcess({ entry: 'bundle', env: serverEnv(database.url), timeoutMs: 60_000 }));
    console.log('two instances on the same database…');
    rounds.push(await round(servers, key));
    const [one, two] = rounds as [Round, Round];
    const row = (label: string, a: string, b: string, ratio: string) =>
      console.log(`${label.padEnd(34)}${a.padStart(14)}${b.padStart(14)}${ratio.padStart(10)}`);
    const f = (n: number, digits = 0) => n.toFixed(digits);
    row('', 'one', 'two', 'two/one');
    row('GET /v1/simulations/{id} req/s', f(one.getPerSecond), f(two.getPerSecond), `${(two.getPerSecond / one.getPerSecond).toFixed(2)}×`);
    row('  p99 ms', f(one.getP99, 1), f(two.getP99, 1), '');
    row('step (own simulation) req/s', f(one.stepPerSecond), f(two.stepPerSecond), `${(two.stepPerSecond / one.stepPerSecond).toFixed(2)}×`);
    row('  p99 ms', f(one.stepP99, 1), f(two.stepP99, 1), '');
    row(
      'step (one shared simulation) req/s',
      f(one.contendedPerSecond),
      f(two.contendedPerSecond),
      `${(two.contendedPerSecond / one.contendedPerSecond).toFixed(2)}×`,
    );
    row('  p99 ms', f(one.contendedP99, 1), f(two.contendedP99, 1), '');
    row('SSE delivery p99 ms (20 ticks/s)', f(one.sseP99, 1), f(two.sseP99, 1), '');
    row('SSE delivery p50 ms', f(one.sseP50, 1), f(two.sseP50, 1), '');
    console.log(`SSE completeness: one ${one.sseComplete}; two ${two.sseComplete}`);
    console.log(
      `machine load (1, 5, 15 min): ${(await import('node:os'))
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await postgres.stop();
  }
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
