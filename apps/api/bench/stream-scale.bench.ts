/**
 * Event streams at full size (issue 18): `crowded-large` (2 400 agents) playing at 20 ticks/s,
 * against the real server process as `pnpm start` runs it (the esbuild bundle; SQLite in a temp
 * file), in two phases, each on a fresh server:
 *
 * 1. compact: 500 subscribers with `?encoding=packed&lag=skip`;
 * 2. full JSON: 100 subscribers with `?lag=skip` (every agent as JSON, about 412 KB a tick).
 *
 * For each: the ticks each subscriber received out of those played, how many streams were
 * degraded (`event: degraded`), the p99 latency of a tick event from its place on the playback
 * schedule (as fanout.bench.ts: the schedule's origin is fitted as the earliest arrival minus its
 * offset, so it includes the engine, the commit, the fan-out and the client) and from the tick's
 * first arrival at any subscriber (the fan-out's own part), the server's CPU time (its event loop's apart), the p50/p99/max of
 * GET /v1/health measured by a SEPARATE process every 20 ms while the stream runs, and the
 * server's peak resident memory (VmHWM; the engine's worker threads are in the same process).
 * Targets: compact, every tick delivered, health p99 < 50 ms, peak < 300 MB; full JSON, health
 * p99 < 100 ms with slow subscribers degraded. Prints, asserts nothing, stops by itself.
 *
 * The subscribers are plain HTTP readers that only look for `event: tick` and the tick number
 * (no JSON parse, no EventSource): 500 EventSource clients parsing 20 frames a second each would
 * measure the client process, which shares the machine's cores with the server. Its CPU is
 * printed too: about half a core for the compact phase (it keeps up), about a core for full JSON
 * (870 MB a second to read: it is the slow subscriber there, and its streams degrade).
 *
 *   npx tsx apps/api/bench/stream-scale.bench.ts
 *   BENCH_SECONDS=20 BENCH_COMPACT=500 BENCH_FULL=100 npx tsx apps/api/bench/stream-scale.bench.ts
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { runCliJson, startServerProcess, tempDir } from '../test/support/server-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const COMPACT = Number(process.env.BENCH_COMPACT ?? 500);
const FULL = Number(process.env.BENCH_FULL ?? 100);
/** crowded-large plays at rules.ticksPerSecond 10; speed 2 makes it 20 ticks/s. */
const RATE = 20;
const SPEED = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** CPU seconds (user + system) a process has used so far, its threads included, or its thread `tid` alone. */
function cpuSeconds(pid: number, tid?: number): number {
  const fields = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The health probe, run by a separate node process: GET /v1/health every 20 ms until SIGTERM, then its latencies as JSON. */
const PROBE = `
import { request } from 'node:http';
const url = new URL(process.argv[1]);
const times = [];
let stop = false;
process.on('SIGTERM', () => { stop = true; });
// Never outlive the benchmark: stop when its pipe closes, and after 5 minutes in any case.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
setTimeout(() => process.exit(0), 300000).unref();
const once = () => new Promise((resolve) => {
  const started = performance.now();
  const req = request({ host: url.hostname, port: url.port, path: url.pathname, agent: false }, (res) => {
    res.resume();
    res.on('end', () => { times.push(performance.now() - started); resolve(); });
  });
  req.on('error', () => { times.push(Number.POSITIVE_INFINITY); resolve(); });
  req.end();
});
while (!stop) { await once(); await new Promise((r) => setTimeout(r, 20)); }
process.stdout.write(JSON.stringify(times), () => process.exit(0));
`;

function startProbe(url: string): { stop(): Promise<number[]> } {
  const child = spawn(process.execPath, ['--input-type=module', '-e', PROBE, url], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  return {
    async stop() {
      child.kill('SIGTERM');
      await exited;
      return JSON.parse(out || '[]') as number[];
    },
  };
}

const TICK = Buffer.from('event: tick\ndata: {"t":');
const DEGRADED = Buffer.from('event: degraded\n');
/** Longer than a tick marker and its number: what a chunk carries over to the next. */
const TAIL = TICK.length + 16;

/** One subscriber: arrival time of each tick number, and whether it was told it degraded. */
class RawSubscriber {
  readonly arrivals = new Map<number, number>();
  degraded = false;
  opened = false;
  status = 0;
  private carry = Buffer.alloc(0);
  private res: IncomingMessage | undefined;

  constructor(url: string, key: string) {
    const target = new URL(url);
    const req = request({ host: target.hostname, port: target.port, path: target.pathname + target.search, headers: { 'X-Api-Key': key }, agent: false }, (res) => {
      this.res = res;
      this.status = res.statusCode ?? 0;
      this.opened = res.statusCode === 200;
      res.on('data', (chunk: Buffer) => this.read(chunk));
      res.on('error', () => {});
    });
    req.on('error', () => {});
    req.end();
  }

  /**
   * Finds each `event: tick` and its number, across chunk boundaries: the chunk is searched where
   * it lies, and only the short tail of the previous one (a marker cut in two) is joined to its
   * head. Joining every chunk to the tail would copy every byte received once more; 500 streams
   * receive about 180 MB a second, on the cores the server uses.
   */
  private read(chunk: Buffer): void {
    const now = performance.now();
    if (this.carry.length > 0) this.scan(Buffer.concat([this.carry, chunk.subarray(0, TAIL)]), now);
    this.scan(chunk, now);
    this.carry = Buffer.from(chunk.subarray(Math.max(0, chunk.length - TAIL)));
  }

  /** Records the ticks whose number ends inside `text` (a tick seen twice keeps its first arrival). */
  private scan(text: Buffer, now: number): void {
    let at = text.indexOf(TICK);
    while (at !== -1) {
      let t = 0;
      let i = at + TICK.length;
      for (; i < text.length && text[i]! >= 48 && text[i]! <= 57; i++) t = t * 10 + (text[i]! - 48);
      if (i === text.length) break; // the number continues in the next chunk: its tail carries it
      if (!this.arrivals.has(t)) this.arrivals.set(t, now);
      at = text.indexOf(TICK, i);
    }
    if (!this.degraded && text.indexOf(DEGRADED) !== -1) this.degraded = true;
  }

  close(): void {
    this.res?.destroy();
  }
}

interface PhaseResult {
  name: string;
  subscribers: number;
  opened: number;
  played: number;
  complete: number;
  meanDelivered: number;
  degraded: number;
  latencyP50: number;
  latencyP99: number;
  fanoutP99: number;
  health: { p50: number; p99: number; max: number; count: number };
  rssBefore: number;
  rssMax: number;
  serverCpu: number;
  /** The server's main thread (the event loop) alone. */
  eventLoopCpu: number;
  clientCpu: number;
  wall: number;
  peak: number;
}

async function phase(name: string, subscribers: number, query: string): Promise<PhaseResult> {
  const dir = tempDir('sim-stream-scale-');
  const databasePath = join(dir.path, 'sim.db');
  const server = await startServerProcess({
    databasePath,
    entry: 'bundle',
    // BENCH_PROFILE=<dir>: a CPU profile of the server (main thread and workers) per phase.
    ...(process.env.BENCH_PROFILE === undefined ? {} : { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] }),
    ...(process.env.BENCH_NODE_ARGS === undefined ? {} : { nodeArgs: process.env.BENCH_NODE_ARGS.split(' ') }),
    // An enterprise organization whose stream limit is raised to the subscriber count; the
    // per-stream byte rate stays the enterprise default (16 MiB/s).
    env: { SIM_BOOTSTRAP: 'false', SIM_SSE_STREAM_LIMITS: `2,20,${Math.max(200, subscribers)}`, SIM_MAX_CONNECTIONS_PER_ADDRESS: String(subscribers + 64) },
  });
  try {
    const org = runCliJson(databasePath, ['orgs', 'create', '--name', 'bench', '--tier', 'enterprise', '--json']) as { id: string };
    const { key } = runCliJson(databasePath, ['keys', 'create', '--org', org.id, '--scopes', 'simulation:read,simulation:write', '--json']) as { key: string };
    const headers = { 'X-Api-Key': key, 'Content-Type': 'application/json' };
    const api = (path: string, method: string, body?: unknown) => fetch(`${server.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const created = await api('/v1/simulations', 'POST', { scenarioId: 'crowded-large' });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    const rssBefore = memoryMb(server.pid, 'VmRSS');

    const subs: RawSubscriber[] = [];
    for (let i = 0; i < subscribers; i++) {
      subs.push(new RawSubscriber(`${server.baseUrl}/v1/simulations/${id}/events${query}`, key));
      if (i % 50 === 49) await sleep(20);
    }
    const openDeadline = Date.now() + 30_000;
    while (subs.some((s) => s.status === 0) && Date.now() < openDeadline) await sleep(20);
    const opened = subs.filter((s) => s.opened).length;

    const probe = startProbe(`${server.baseUrl}/v1/health`);
    await sleep(500);
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(memoryMb(server.pid, 'VmRSS')), 250);
    const cpuAt = cpuSeconds(server.pid);
    const loopAt = cpuSeconds(server.pid, server.pid);
    const clientAt = process.cpuUsage();
    const wallAt = performance.now();
    const play = await api(`/v1/simulations/${id}/time-control`, 'PUT', { action: 'play', speed: SPEED });
    if (play.status !== 200) throw new Error(`play: ${play.status} ${await play.text()}`);
    await sleep(SECONDS * 1000);
    await api(`/v1/simulations/${id}/time-control`, 'PUT', { action: 'pause' });
    const played = ((await (await api(`/v1/simulations/${id}`, 'GET')).json()) as { state: { tick: number } }).state.tick;
    // Let the last ticks arrive (bounded).
    const drainDeadline = Date.now() + 5000;
    while (subs.some((s) => s.opened && !s.degraded && !s.arrivals.has(played)) && Date.now() < drainDeadline) await sleep(50);
    clearInterval(sampler);
    const serverCpu = cpuSeconds(server.pid) - cpuAt;
    const eventLoopCpu = cpuSeconds(server.pid, server.pid) - loopAt;
    const clientUsage = process.cpuUsage(clientAt);
    const wall = (performance.now() - wallAt) / 1000;
    const healthTimes = (await probe.stop()).sort((a, b) => a - b);
    const peak = memoryMb(server.pid, 'VmHWM');
    for (const s of subs) s.close();

    const period = 1000 / RATE;
    let origin = Number.POSITIVE_INFINITY;
    for (const s of subs) for (const [t, at] of s.arrivals) origin = Math.min(origin, at - t * period);
    // The first arrival of each tick at any subscriber: how late the others are is the fan-out's part.
    const first = new Map<number, number>();
    for (const s of subs) for (const [t, at] of s.arrivals) first.set(t, Math.min(first.get(t) ?? Number.POSITIVE_INFINITY, at));
    const latencies: number[] = [];
    const fanout: number[] = [];
    let complete = 0;
    let delivered = 0;
    for (const s of subs) {
      let all = s.opened;
      for (let t = 1; t <= played; t++) {
        const at = s.arrivals.get(t);
        if (at === undefined) all = false;
        else {
          delivered++;
          latencies.push(at - (origin + t * period));
          fanout.push(at - (first.get(t) as number));
        }
      }
      if (all) complete++;
    }
    latencies.sort((a, b) => a - b);
    fanout.sort((a, b) => a - b);
    return {
      name,
      subscribers,
      opened,
      played,
      complete,
      meanDelivered: opened === 0 ? 0 : delivered / opened,
      degraded: subs.filter((s) => s.degraded).length,
      latencyP50: percentile(latencies, 50),
      latencyP99: percentile(latencies, 99),
      fanoutP99: percentile(fanout, 99),
      health: { p50: percentile(healthTimes, 50), p99: percentile(healthTimes, 99), max: healthTimes.at(-1) ?? Number.NaN, count: healthTimes.length },
      rssBefore,
      rssMax: Math.max(...samples),
      peak,
      serverCpu,
      eventLoopCpu,
      clientCpu: (clientUsage.user + clientUsage.system) / 1e6,
      wall,
    };
  } finally {
    await server.stop();
    dir.remove();
  }
}

function report(r: PhaseResult, targets: { healthP99: number; peakMb?: number; everyTick: boolean }): void {
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`\n## ${r.name}: ${r.subscribers} subscribers (${r.opened} open)`);
  console.log(`ticks played: ${r.played} in ~${SECONDS} s (expected ≈ ${RATE * SECONDS})`);
  console.log(`ticks delivered: ${r.meanDelivered.toFixed(1)} of ${r.played} per subscriber on average; every tick to every subscriber: ${r.complete}/${r.opened}; degraded streams: ${r.degraded}${targets.everyTick ? ` (target every tick: ${met(r.complete === r.opened && r.opened === r.subscribers)})` : ''}`);
  console.log(`subscriber latency from schedule: p50 ${r.latencyP50.toFixed(1)} ms, p99 ${r.latencyP99.toFixed(1)} ms (grows without bound when the engine plays slower than 20 ticks/s); from the tick's first arrival at any subscriber (the fan-out's part): p99 ${r.fanoutP99.toFixed(1)} ms`);
  console.log(`GET /v1/health from a separate process (${r.health.count} requests): p50 ${r.health.p50.toFixed(1)} ms, p99 ${r.health.p99.toFixed(1)} ms, max ${r.health.max.toFixed(1)} ms (target p99 < ${targets.healthP99} ms: ${met(r.health.p99 < targets.healthP99)})`);
  console.log(`CPU while playing (${r.wall.toFixed(1)} s): server ${r.serverCpu.toFixed(1)} s (event loop ${r.eventLoopCpu.toFixed(1)} s, the rest the engine's worker and the collector's threads), subscribers' process ${r.clientCpu.toFixed(1)} s`);
  console.log(`server memory: ${r.rssBefore.toFixed(0)} MB RSS before subscribing, ${r.rssMax.toFixed(0)} MB max while playing, peak (VmHWM) ${r.peak.toFixed(0)} MB${targets.peakMb === undefined ? '' : ` (target < ${targets.peakMb} MB: ${met(r.peak < targets.peakMb)})`}`);
}

async function main(): Promise<void> {
  console.log(`machine: ${availableParallelism()} cores, load ${loadavg().map((l) => l.toFixed(2)).join(' ')} (shared: figures are noisy)`);
  const compactQuery = process.env.BENCH_COMPACT_QUERY ?? '?encoding=packed&lag=skip';
  const compact = await phase(`compact (${compactQuery.slice(1)})`, COMPACT, compactQuery);
  report(compact, { healthP99: 50, peakMb: 300, everyTick: true });
  const full = await phase('full JSON (lag=skip)', FULL, '?lag=skip');
  report(full, { healthP99: 100, everyTick: false });
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
