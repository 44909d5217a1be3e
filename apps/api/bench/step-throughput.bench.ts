/**
 * How fast `step` advances the largest pre-built world (`crowded-large`, 2 400 agents, default
 * rules of the default engine version: a prophecy every 25 ticks) through the API, against the
 * engine alone computing the same ticks in this process, in the same run:
 *
 * - `ticks: 1` from BENCH_CLIENTS clients (default 10) back to back on one simulation, for
 *   BENCH_SECONDS (default 15) or until the world completes: ticks/s and the latency p50/p99 of a step;
 * - `ticks: BENCH_LONG_TICKS` (default 1 000) from one client, BENCH_LONG_STEPS times (default 2):
 *   ticks/s. The world collapses (and completes) at about tick 1 400, so the second step is
 *   shorter: both sides count the ticks actually advanced;
 * - `ticks: 1` on several simulations at once, one client each: 3 on the default engine threads
 *   (1 on 2 cores), and 2 on 2 engine threads: whether a simulation's steps find a thread that
 *   kept its world (docs/operations.md, "Warm worlds").
 *
 * The server runs as `pnpm start` runs it (the esbuild bundle, SQLite in a temp file), with
 * limits nobody reaches here. The engine alone steps one tick at a time and then the long step,
 * on one thread (the server's default on 2 cores also spreads a prophecy's branches over a second
 * thread: docs/operations.md, "Prophecy threads"), so the ratio is what serving costs on top of
 * the computing, not a like-for-like of threads. Prints figures, asserts nothing.
 *
 *   npx tsx apps/api/bench/run-all.ts step-throughput
 *   BENCH_CLIENTS=10 BENCH_SECONDS=15 BENCH_LONG_TICKS=1000 npx tsx apps/api/bench/step-throughput.bench.ts
 *   BENCH_BASE_BUNDLE=/other/checkout/apps/api/dist/main.js …   also against a base commit's bundle
 *     (built there first: `node apps/api/scripts/build.mjs`), the two taking turns twice
 *   BENCH_POSTGRES=0 …   SQLite only (by default the first two rows also run on an embedded
 *     PostgreSQL, on a fresh server, each figure over SQLite's: the same steps with the input log
 *     and checkpoints in PostgreSQL; the test cluster runs without fsync, so commits cost it less
 *     than they would on a durable one)
 */
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { DEFAULT_ENGINE_VERSION, Simulation, type ScenarioInput } from '@sim/engine';
import { runCliJson, startServerProcess, tempDir } from '../test/support/server-process.js';
import { createPostgresDatabase, startTestPostgresServer } from '../test/support/test-postgres-server.js';
import { percentile } from './latency-sample.js';
import { prebuiltScenario } from '../test/support/scenario-files.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const LONG_TICKS = Number(process.env.BENCH_LONG_TICKS ?? 1000);
const LONG_STEPS = Number(process.env.BENCH_LONG_STEPS ?? 2);
/** Several simulations stepped at once: `simulations` on a server of `workers` engine threads (undefined: the default). */
const SEVERAL: ReadonlyArray<{ simulations: number; workers: number | undefined }> = [
  { simulations: 3, workers: undefined },
  { simulations: 2, workers: 2 },
];
const SCENARIO = 'crowded-large';
const WITH_POSTGRES = process.env.BENCH_POSTGRES !== '0';

const scenario = (): ScenarioInput => prebuiltScenario(SCENARIO);

/**
 * The engine alone, as the API is driven below: one-tick steps of a fresh world for `SECONDS`
 * (or until it completes), then LONG_STEPS steps of LONG_TICKS of another fresh world; ticks/s of each.
 */
function engineAlone(): { oneTick: number; long: number } {
  const stepped = Simulation.create(scenario(), { engineVersion: DEFAULT_ENGINE_VERSION });
  const started = performance.now();
  while (performance.now() - started < SECONDS * 1000 && !stepped.completed) stepped.step(1);
  const oneTick = stepped.tick / ((performance.now() - started) / 1000);
  const long = Simulation.create(scenario(), { engineVersion: DEFAULT_ENGINE_VERSION });
  const longStarted = performance.now();
  for (let i = 0; i < LONG_STEPS && !long.completed; i++) long.step(LONG_TICKS);
  return { oneTick, long: long.tick / ((performance.now() - longStarted) / 1000) };
}

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

interface ServerFigures {
  oneTick: number;
  latencies: number[];
  failures: number;
  long: number;
}

const LIMITS = {
  SIM_BOOTSTRAP: 'false',
  SIM_RATE_LIMITS_ENTERPRISE: '1000000,1000000,1000000',
  SIM_WORK_LIMITS_ENTERPRISE: '100000000000,100000000000000',
  SIM_STORAGE_QUOTAS: '1099511627776,1099511627776,1099511627776',
};

/**
 * A fresh server with an enterprise key: this tree's bundle, or another checkout's
 * (`bundlePath`); on a temp SQLite file, or on the PostgreSQL database `postgresUrl`.
 */
async function openServer(bundlePath: string | undefined, env: Record<string, string> = {}, postgresUrl?: string) {
  const dir = tempDir('sim-step-bench-');
  const database = postgresUrl ?? join(dir.path, 'bench.db');
  const server = await startServerProcess({
    ...(postgresUrl === undefined ? { databasePath: database } : {}),
    entry: 'bundle',
    env: { ...LIMITS, ...env, ...(postgresUrl === undefined ? {} : { DATABASE_URL: postgresUrl }) },
    timeoutMs: 60_000,
    ...(bundlePath === undefined ? {} : { bundlePath }),
  });
  const stop = async (): Promise<void> => {
    await server.stop();
    dir.remove();
  };
  try {
    // The CLI of the checkout the server came from, on its own database.
    const cliRoot = bundlePath === undefined ? undefined : resolve(bundlePath, '../../../..');
    const org = runCliJson(database, ['orgs', 'create', '--name', 'bench', '--tier', 'enterprise', '--json'], cliRoot) as { id: string };
    const { key } = runCliJson(database, ['keys', 'create', '--org', org.id, '--scopes', 'simulation:read,simulation:write', '--json'], cliRoot) as {
      key: string;
    };
    const headers = { 'X-Api-Key': key, 'Content-Type': 'application/json' };
    const post = async (path: string, body: unknown, expected: number): Promise<{ json: unknown; ms: number }> => {
      const started = performance.now();
      const res = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const json = (await res.json()) as unknown;
      if (res.status !== expected) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
      return { json, ms: performance.now() - started };
    };
    const create = async (): Promise<string> => ((await post('/v1/simulations', { scenarioId: SCENARIO }, 201)).json as { id: string }).id;
    // Warm-up: the bundle's JIT, the worker pool and its prophecy helper.
    const warm = await create();
    for (let i = 0; i < 30; i++) await post(`/v1/simulations/${warm}/step`, { ticks: 1 }, 200);
    return { post, create, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

type OpenServer = Awaited<ReturnType<typeof openServer>>;

/**
 * `ticks: 1` from `clients` clients on each of `simulations` (steps on one simulation are
 * serialized), for SECONDS or until one completes (at about tick 1 400: the clients stop there,
 * the steps still in flight then answer 409, which is no failure): ticks/s over all of them.
 */
async function oneTickSteps(
  { post, create }: OpenServer,
  simulations: number,
  clients: number,
): Promise<{ oneTick: number; latencies: number[]; failures: number }> {
  const ids = await Promise.all(Array.from({ length: simulations }, create));
  const latencies: number[] = [];
  let failures = 0;
  let until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  let completedAt: number | undefined;
  await Promise.all(
    ids.flatMap((id) =>
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          try {
            const { json, ms } = await post(`/v1/simulations/${id}/step`, { ticks: 1 }, 200);
            latencies.push(ms);
            if ((json as { state: { status: string } }).state.status === 'completed') {
              completedAt = performance.now();
              until = completedAt;
            }
          } catch {
            if (completedAt === undefined) failures++;
          }
        }
      }),
    ),
  );
  latencies.sort((a, b) => a - b);
  return { oneTick: latencies.length / (((completedAt ?? performance.now()) - started) / 1000), latencies, failures };
}

/** Both phases against a fresh server: this tree's bundle, or another checkout's (`bundlePath`); on SQLite, or on `postgresUrl`. */
async function measureServer(bundlePath?: string, postgresUrl?: string): Promise<ServerFigures> {
  const server = await openServer(bundlePath, {}, postgresUrl);
  try {
    const { oneTick, latencies, failures } = await oneTickSteps(server, 1, CLIENTS);
    // ticks: LONG_TICKS from one client.
    const long = await server.create();
    let longTicks = 0;
    const longStarted = performance.now();
    for (let i = 0; i < LONG_STEPS; i++)
      longTicks += ((await server.post(`/v1/simulations/${long}/step`, { ticks: LONG_TICKS }, 200)).json as { ticks: number }).ticks;
    return { oneTick, latencies, failures, long: longTicks / ((performance.now() - longStarted) / 1000) };
  } finally {
    await server.stop();
  }
}

/**
 * One-tick steps of several simulations at once (one client each) on a server of `workers`
 * engine threads: whether a simulation's steps find a thread that kept its world
 * (docs/operations.md, "Warm worlds").
 */
async function measureSeveral({ simulations, workers }: (typeof SEVERAL)[number], bundlePath?: string): Promise<SeveralFigures> {
  const server = await openServer(bundlePath, workers === undefined ? {} : { SIM_ENGINE_WORKERS: String(workers), SIM_PROPHECY_THREADS: '1' });
  try {
    return await oneTickSteps(server, simulations, 1);
  } finally {
    await server.stop();
  }
}

type SeveralFigures = Awaited<ReturnType<typeof oneTickSteps>>;

/** The first two rows on PostgreSQL: this tree's bundle on a fresh server and database. */
async function measureOnPostgres(): Promise<ServerFigures> {
  const postgres = await startTestPostgresServer();
  try {
    const database = await createPostgresDatabase(postgres.adminUrl);
    return await measureServer(undefined, database.url);
  } finally {
    await postgres.stop();
  }
}
console.log(`machine: ${availableParallelism()} cores, load ${load()}; ${SCENARIO}, engine ${DEFAULT_ENGINE_VERSION}, default rules`);
const baseBundle = process.env.BENCH_BASE_BUNDLE;
// With a base, the two trees take turns (this, base, this, base): the machine's speed drifts.
const tree: ServerFigures[] = [];
const base: ServerFigures[] = [];
const treeSeveral: SeveralFigures[][] = SEVERAL.map(() => []);
const baseSeveral: SeveralFigures[][] = SEVERAL.map(() => []);
let onPostgres: ServerFigures | undefined;
for (let round = 0; round < (baseBundle === undefined ? 1 : 2); round++) {
  tree.push(await measureServer());
  // Right after SQLite's first figures, so that the two see the same machine.
  if (round === 0 && WITH_POSTGRES) onPostgres = await measureOnPostgres();
  if (baseBundle !== undefined) base.push(await measureServer(baseBundle));
  for (const [i, setup] of SEVERAL.entries()) {
    treeSeveral[i]!.push(await measureSeveral(setup));
    if (baseBundle !== undefined) baseSeveral[i]!.push(await measureSeveral(setup, baseBundle));
  }
}
const alone = engineAlone();
console.log(`load after: ${load()}`);
console.log('');
console.log('| step | API ticks/s | engine alone ticks/s | ratio | notes |');
console.log('|---|---|---|---|---|');
const api = tree[0]!;
const { latencies, failures } = api;
console.log(
  `| ticks: 1, ${CLIENTS} clients | ${api.oneTick.toFixed(1)} | ${alone.oneTick.toFixed(1)} | ${(api.oneTick / alone.oneTick).toFixed(2)} | p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, ${latencies.length} steps${failures > 0 ? `, ${failures} failed` : ''} |`,
);
console.log(
  `| ticks: ${LONG_TICKS}, 1 client | ${api.long.toFixed(1)} | ${alone.long.toFixed(1)} | ${(api.long / alone.long).toFixed(2)} | ${LONG_STEPS} steps |`,
);
if (onPostgres !== undefined) {
  const pg = onPostgres;
  console.log(
    `| ticks: 1, ${CLIENTS} clients, PostgreSQL | ${pg.oneTick.toFixed(1)} | ${alone.oneTick.toFixed(1)} | ${(pg.oneTick / alone.oneTick).toFixed(2)} | over SQLite ${(pg.oneTick / api.oneTick).toFixed(2)}; p50 ${percentile(pg.latencies, 50).toFixed(0)} ms, p99 ${percentile(pg.latencies, 99).toFixed(0)} ms, ${pg.latencies.length} steps${pg.failures > 0 ? `, ${pg.failures} failed` : ''} |`,
  );
  console.log(
    `| ticks: ${LONG_TICKS}, 1 client, PostgreSQL | ${pg.long.toFixed(1)} | ${alone.long.toFixed(1)} | ${(pg.long / alone.long).toFixed(2)} | over SQLite ${(pg.long / api.long).toFixed(2)}; ${LONG_STEPS} steps |`,
  );
}
const threadsOf = (workers: number | undefined): string => (workers === undefined ? 'the default engine threads' : `${workers} engine threads`);
for (const [i, { simulations, workers }] of SEVERAL.entries()) {
  const several = treeSeveral[i]![0]!;
  console.log(
    `| ticks: 1, ${simulations} simulations × 1 client, ${threadsOf(workers)} | ${several.oneTick.toFixed(1)} (all together) | ${alone.oneTick.toFixed(1)} | ${(several.oneTick / alone.oneTick).toFixed(2)} | p50 ${percentile(several.latencies, 50).toFixed(0)} ms, p99 ${percentile(several.latencies, 99).toFixed(0)} ms, ${several.latencies.length} steps${several.failures > 0 ? `, ${several.failures} failed` : ''} |`,
  );
}
if (baseBundle !== undefined) {
  const ratios = (of: (f: ServerFigures) => number): string => tree.map((t, i) => (of(t) / of(base[i]!)).toFixed(2)).join(', ');
  const severalRatios = SEVERAL.map(
    ({ simulations, workers }, i) =>
      `${simulations} simulations on ${threadsOf(workers)}: ${treeSeveral[i]!.map((t, round) => (t.oneTick / baseSeveral[i]![round]!.oneTick).toFixed(2)).join(', ')}`,
  ).join('; ');
  console.log(
    `\nthis tree vs the base commit's bundle, ticks/s in each round (1.00: no worse): ticks 1: ${ratios((f) => f.oneTick)}; ticks ${LONG_TICKS}: ${ratios((f) => f.long)}; ${severalRatios}`,
  );
}
