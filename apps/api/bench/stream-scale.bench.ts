/**
 * Event streams at full size (issues 18 and 28): `crowded-large` (2 400 agents) playing at 20
 * ticks/s, against the real server process as `pnpm start` runs it (the esbuild bundle; SQLite in
 * a temp file), in phases, each on a fresh server (BENCH_PHASES picks them, default all three):
 *
 * - `compact`: 500 subscribers with `?encoding=packed&lag=skip`;
 * - `json`: 100 subscribers with no parameter at all (every agent as JSON, about 440 KB a tick,
 *   the default `lag`), which reconnect as an EventSource does: after the `retry:` the stream
 *   sent, with `Last-Event-ID` set to the last id received (issue 28's case);
 * - `mixed`: both at once, 500 compact and 100 JSON (issue 28's memory target).
 *
 * For each: the ticks played while the clock ran against the 20 ticks/s it should keep, the
 * share of (subscriber, tick) pairs delivered, how many streams were degraded (`event: degraded`)
 * or closed and reconnected, the latency of a tick event from its place on the playback schedule
 * (as fanout.bench.ts: the schedule's origin is fitted as the earliest arrival minus its offset,
 * so it includes the engine, the commit, the fan-out and the client) and from the tick's first
 * arrival at any subscriber (the fan-out's own part), the server's CPU time (its event loop's
 * apart), the p50/p99/max of GET /v1/health measured by a SEPARATE process every 20 ms while the
 * stream runs, how long `pause` took to answer, timed by another separate process (after the
 * play, then BENCH_PAUSES − 1 more after 1.5 s of play each: their median and max), and the
 * server's peak resident memory (VmHWM; the engine's worker threads are in the same process).
 * Baselines from the same run, on the same server before any subscriber joined: health p99, and
 * `pause` after a second of playback.
 * Targets: compact, every tick delivered, health p99 < 50 ms, peak < 300 MB; JSON, the clock at
 * 20 ticks/s, health p99 and `pause` < 100 ms, delivery p99 under a second; mixed, peak < 400 MB.
 * Prints, asserts nothing, stops by itself.
 *
 * The subscribers are plain HTTP readers that only look for `id:`, `event: tick` and the tick
 * number (no JSON parse, no EventSource): 500 EventSource clients parsing 20 frames a second each
 * would measure the client process, which shares the machine's cores with the server. Its CPU is
 * printed too: about half a core for the compact phase (it keeps up), about a core for full JSON
 * (870 MB a second to read: it is the slow subscriber there), with how late its event loop ran:
 * up to a second, which a request timed from this process would include (hence the separate
 * processes; BENCH_CONTROL=inline times the pauses from here, as before).
 *
 *   npx tsx apps/api/bench/stream-scale.bench.ts
 *   BENCH_PHASES=json BENCH_SECONDS=20 BENCH_COMPACT=500 BENCH_FULL=100 npx tsx apps/api/bench/stream-scale.bench.ts
 *   BENCH_PHASES=mixed BENCH_SECONDS=300 …   memory over 5 minutes (past tick 1 200 the world keeps its basins: erosionRate 0)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { runCliJson, startServerProcess, tempDir } from '../test/support/server-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const COMPACT = Number(process.env.BENCH_COMPACT ?? 500);
const FULL = Number(process.env.BENCH_FULL ?? 100);
/** Pauses measured per phase: the one after the play, then more after shorter plays. */
const PAUSES = Number(process.env.BENCH_PAUSES ?? 5);
/** BENCH_CONTROL=inline: pauses timed from this process, as before the control process (its event loop's delay included). */
const PAUSE_INLINE = process.env.BENCH_CONTROL === 'inline';
/** crowded-large plays at rules.ticksPerSecond 10; speed 2 makes it 20 ticks/s. */
const RATE = 20;
const SPEED = 2;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+) kB`));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** CPU seconds (user + system) a process has used so far, its threads included, or its thread `tid` alone. */
function cpuSeconds(pid: number, tid?: number): number {
  const fields =
    readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The health probe, run by a separate node process: GET /v1/health every 20 ms until SIGTERM, then its latencies as JSON. */
const PROBE = `
import { request } from 'node:http';
const url = new URL(process.argv[1]);
const times = [];
let stop = false;
process.on('SIGTERM', () => { stop = true; });
// Never outlive the benchmark: stop when its pipe closes, and after the play and 5 minutes more in any case.
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
setTimeout(() => process.exit(0), Number(process.argv[2])).unref();
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
  const lifetimeMs = String((SECONDS + 300) * 1000);
  const child = spawn(process.execPath, ['--input-type=module', '-e', PROBE, url, lifetimeMs], { stdio: ['pipe', 'pipe', 'inherit'] });
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

/**
 * The control client, run by a separate node process as the health probe is: for each line on
 * stdin (`{ method, path, body }`) it sends that request and writes `{ ms, status }`. This
 * process reads every subscriber's bytes (about a core for full JSON: it is the slow subscriber),
 * so a request timed from its own event loop would include the wait for that loop.
 */
const CONTROL = `
import { request } from 'node:http';
import { createInterface } from 'node:readline';
const url = new URL(process.argv[1]);
const key = process.argv[2];
setTimeout(() => process.exit(0), 600000).unref();
const lines = createInterface({ input: process.stdin });
lines.on('close', () => process.exit(0));
lines.on('line', (line) => {
  const { method, path, body } = JSON.parse(line);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  const headers = { 'X-Api-Key': key, ...(payload === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) }) };
  const req = request({ host: url.hostname, port: url.port, path, method, headers, agent: false, timeout: 90000 }, (res) => {
    res.resume();
    res.on('end', () => process.stdout.write(JSON.stringify({ ms: performance.now() - started, status: res.statusCode }) + '\\n'));
  });
  req.on('timeout', () => req.destroy());
  req.on('error', () => process.stdout.write(JSON.stringify({ ms: null, status: 0 }) + '\\n'));
  req.end(payload);
});
`;

/** Requests sent, one at a time, by the control process. */
interface Control {
  send(method: string, path: string, body?: unknown): Promise<{ ms: number; status: number }>;
  stop(): void;
}

function startControl(baseUrl: string, key: string): Control {
  const child = spawn(process.execPath, ['--input-type=module', '-e', CONTROL, baseUrl, key], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  const waiting: ((answer: { ms: number; status: number }) => void)[] = [];
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (let end = out.indexOf('\n'); end !== -1; end = out.indexOf('\n')) {
      const answer = JSON.parse(out.slice(0, end)) as { ms: number | null; status: number };
      out = out.slice(end + 1);
      waiting.shift()?.({ ms: answer.ms ?? Number.POSITIVE_INFINITY, status: answer.status });
    }
  });
  return {
    send: (method, path, body) =>
      new Promise((resolve) => {
        waiting.push(resolve);
        child.stdin.write(`${JSON.stringify({ method, path, body })}\n`);
      }),
    stop: () => child.stdin.end(),
  };
}

const TICK = Buffer.from('event: tick\ndata: {"t":');
const ID = Buffer.from('\nid: ');
const RETRY = Buffer.from('retry: ');
const DEGRADED = Buffer.from('event: degraded\n');
const SLOW = Buffer.from('event: error\ndata: {"code":"SLOW_CONSUMER"');
/** Longer than a marker and its number: what a chunk carries over to the next. */
const TAIL = TICK.length + 16;

/** Reads the decimal number at `i` in `text`; undefined when it runs to the end (cut by the chunk). */
function numberAt(text: Buffer, i: number): { value: number; end: number } | undefined {
  let value = 0;
  let end = i;
  for (; end < text.length && text[end]! >= 48 && text[end]! <= 57; end++) value = value * 10 + (text[end]! - 48);
  return end === text.length || end === i ? undefined : { value, end };
}

/**
 * One subscriber: arrival time of each tick number, whether it was told it degraded, and (with
 * `reconnect`) its reconnections, as an EventSource makes them: after the stream's `retry:`, with
 * Last-Event-ID set to the last id received.
 */
class RawSubscriber {
  readonly arrivals = new Map<number, number>();
  degraded = false;
  /** Streams closed with SLOW_CONSUMER. */
  dropped = 0;
  reconnects = 0;
  opened = false;
  status = 0;
  private lastId: number | undefined;
  private retryMs = 3000;
  private carry = Buffer.alloc(0);
  private res: IncomingMessage | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly key: string,
    private readonly reconnect: boolean,
  ) {
    this.connect();
  }

  private connect(): void {
    const target = new URL(this.url);
    const headers: Record<string, string> = { 'X-Api-Key': this.key };
    if (this.lastId !== undefined) headers['Last-Event-ID'] = String(this.lastId);
    const req = request({ host: target.hostname, port: target.port, path: target.pathname + target.search, headers, agent: false }, (res) => {
      this.res = res;
      if (this.status === 0) {
        this.status = res.statusCode ?? 0;
        this.opened = res.statusCode === 200;
      }
      this.carry = Buffer.alloc(0);
      res.on('data', (chunk: Buffer) => this.read(chunk));
      res.on('error', () => {});
      res.on('close', () => this.again(res.statusCode ?? 0));
    });
    req.on('error', () => this.again(0));
    req.end();
  }

  /** The stream ended: reconnect after `retry:` as an EventSource does (not after a 204). */
  private again(status: number): void {
    if (this.closed || !this.reconnect || status === 204) return;
    this.res = undefined;
    setTimeout(() => {
      if (this.closed) return;
      this.reconnects++;
      this.connect();
    }, this.retryMs).unref();
  }

  /**
   * Finds each marker and its number, across chunk boundaries: the chunk is searched where it
   * lies, and only the short tail of the previous one (a marker cut in two) is joined to its head.
   * Joining every chunk to the tail would copy every byte received once more; 500 streams receive
   * about 180 MB a second, on the cores the server uses.
   */
  private read(chunk: Buffer): void {
    const now = performance.now();
    if (this.carry.length > 0) this.scan(Buffer.concat([this.carry, chunk.subarray(0, TAIL)]), now);
    this.scan(chunk, now);
    this.carry = Buffer.from(chunk.subarray(Math.max(0, chunk.length - TAIL)));
  }

  /** Records the ticks whose number ends inside `text` (a tick seen twice keeps its first arrival). */
  private scan(text: Buffer, now: number): void {
    for (let at = text.indexOf(TICK); at !== -1;) {
      const n = numberAt(text, at + TICK.length);
      if (n === undefined) break; // the number continues in the next chunk: its tail carries it
      if (!this.arrivals.has(n.value)) this.arrivals.set(n.value, now);
      at = text.indexOf(TICK, n.end);
    }
    if (this.reconnect) {
      for (let at = text.indexOf(ID); at !== -1;) {
        const n = numberAt(text, at + ID.length);
        if (n === undefined) break;
        this.lastId = Math.max(this.lastId ?? 0, n.value);
        at = text.indexOf(ID, n.end);
      }
      const retry = text.indexOf(RETRY);
      const n = retry === -1 ? undefined : numberAt(text, retry + RETRY.length);
      if (n !== undefined) this.retryMs = n.value;
    }
    if (!this.degraded && text.indexOf(DEGRADED) !== -1) this.degraded = true;
    if (text.indexOf(SLOW) !== -1) this.dropped++;
  }

  close(): void {
    this.closed = true;
    this.res?.destroy();
  }
}

/** Subscribers that share a query. */
interface Group {
  label: string;
  count: number;
  query: string;
  reconnect: boolean;
}

interface GroupResult {
  label: string;
  subscribers: number;
  opened: number;
  complete: number;
  /** Delivered (subscriber, tick) pairs out of subscribers × played. */
  pairs: number;
  meanDelivered: number;
  degraded: number;
  dropped: number;
  reconnects: number;
  latencyP50: number;
  latencyP99: number;
  fanoutP99: number;
  clientCpu?: number;
}

interface PhaseResult {
  name: string;
  groups: GroupResult[];
  played: number;
  /** Seconds the clock ran: from play to the pause's answer. */
  playing: number;
  health: { p50: number; p99: number; max: number; count: number };
  healthBaselineP99: number;
  /** The first pause (after the whole play). */
  pauseMs: number;
  /** Every pause measured under load, sorted. */
  pauses: number[];
  pauseBaselineMs: number;
  rssBefore: number;
  rssMax: number;
  /** Mean RSS over the first and the last quarter of the play: flat or growing. */
  rssFirstQuarter: number;
  rssLastQuarter: number;
  serverCpu: number;
  /** The server's main thread (the event loop) alone. */
  eventLoopCpu: number;
  clientCpu: number;
  /** How late the subscribers' event loop (this process) ran while playing, in ms. */
  clientLoopDelay: { p99: number; max: number };
  wall: number;
  peak: number;
}

/** Milliseconds a request takes to answer, or +∞ when it has not after `timeoutMs`. */
async function timed(run: (signal: AbortSignal) => Promise<Response>, timeoutMs = 60_000): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  try {
    const res = await run(AbortSignal.timeout(timeoutMs));
    await res.arrayBuffer();
    return { ms: performance.now() - started, status: res.status };
  } catch {
    return { ms: Number.POSITIVE_INFINITY, status: 0 };
  }
}

async function phase(name: string, groups: readonly Group[]): Promise<PhaseResult> {
  const dir = tempDir('sim-stream-scale-');
  const databasePath = join(dir.path, 'sim.db');
  const total = groups.reduce((sum, g) => sum + g.count, 0);
  const server = await startServerProcess({
    databasePath,
    entry: 'bundle',
    // BENCH_PROFILE=<dir>: a CPU profile of the server (main thread and workers) per phase.
    ...(process.env.BENCH_PROFILE === undefined ? {} : { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] }),
    ...(process.env.BENCH_NODE_ARGS === undefined ? {} : { nodeArgs: process.env.BENCH_NODE_ARGS.split(' ') }),
    // An enterprise organization whose stream limit is raised to the subscriber count; the
    // per-stream byte rate stays the enterprise default (16 MiB/s).
    env: { SIM_BOOTSTRAP: 'false', SIM_SSE_STREAM_LIMITS: `2,20,${Math.max(200, total)}`, SIM_MAX_CONNECTIONS_PER_ADDRESS: String(total + 64) },
  });
  try {
    const org = runCliJson(databasePath, ['orgs', 'create', '--name', 'bench', '--tier', 'enterprise', '--json']) as { id: string };
    const { key } = runCliJson(databasePath, ['keys', 'create', '--org', org.id, '--scopes', 'simulation:read,simulation:write', '--json']) as { key: string };
    const headers = { 'X-Api-Key': key, 'Content-Type': 'application/json' };
    const api = (path: string, method: string, body?: unknown, signal?: AbortSignal) =>
      fetch(`${server.baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        ...(signal === undefined ? {} : { signal }),
      });
    const created = await api('/v1/simulations', 'POST', { scenarioId: 'crowded-large' });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    // crowded-large collapses (and so completes, ending the play) at about tick 1 400, 70 s at
    // 20 ticks/s: a longer play keeps its basins with no erosion. Every tick still moves and
    // streams all 2 400 agents; prophecies still run, but forecast no loss, so they cost less.
    if (SECONDS * RATE > 1200) {
      const kept = await api(`/v1/simulations/${id}/decrees`, 'POST', { type: 'set-rule', payload: { rule: 'erosionRate', value: 0 } });
      if (kept.status !== 201) throw new Error(`decree: ${kept.status} ${await kept.text()}`);
      console.log(`(a play of ${SECONDS} s outlives crowded-large: erosionRate 0, so no basin is lost)`);
    }
    const control = (action: 'play' | 'pause', signal?: AbortSignal) =>
      api(`/v1/simulations/${id}/time-control`, 'PUT', action === 'play' ? { action, speed: SPEED } : { action }, signal);
    const controller = startControl(server.baseUrl, key);
    const timedPause = () =>
      PAUSE_INLINE ? timed((signal) => control('pause', signal), 90_000) : controller.send('PUT', `/v1/simulations/${id}/time-control`, { action: 'pause' });

    // Baselines on the same server, nobody subscribed: health p99 while idle, then a second of
    // playback and its pause.
    const idleProbe = startProbe(`${server.baseUrl}/v1/health`);
    await sleep(1000);
    const idleHealth = (await idleProbe.stop()).sort((a, b) => a - b);
    await control('play');
    await sleep(1000);
    const pauseBaseline = await timedPause();
    const startTick = ((await (await api(`/v1/simulations/${id}`, 'GET')).json()) as { state: { tick: number } }).state.tick;
    const rssBefore = memoryMb(server.pid, 'VmRSS');

    const subs = groups.map((g) => ({ group: g, subs: [] as RawSubscriber[] }));
    let opening = 0;
    for (const { group, subs: list } of subs) {
      for (let i = 0; i < group.count; i++) {
        list.push(new RawSubscriber(`${server.baseUrl}/v1/simulations/${id}/events${group.query}`, key, group.reconnect));
        if (++opening % 50 === 0) await sleep(20);
      }
    }
    const all = subs.flatMap((s) => s.subs);
    const openDeadline = Date.now() + 30_000;
    while (all.some((s) => s.status === 0) && Date.now() < openDeadline) await sleep(20);

    const probe = startProbe(`${server.baseUrl}/v1/health`);
    await sleep(500);
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(memoryMb(server.pid, 'VmRSS')), 250);
    const cpuAt = cpuSeconds(server.pid);
    const loopAt = cpuSeconds(server.pid, server.pid);
    const clientAt = process.cpuUsage();
    const wallAt = performance.now();
    // How late this process's own event loop ran: when it is the slow subscriber, its arrivals are late by as much.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const play = await control('play');
    if (play.status !== 200) throw new Error(`play: ${play.status} ${await play.text()}`);
    await sleep(SECONDS * 1000);
    const pause = await timedPause();
    const playing = (performance.now() - wallAt) / 1000;
    loopDelay.disable();
    const played = ((await (await api(`/v1/simulations/${id}`, 'GET')).json()) as { state: { tick: number } }).state.tick;
    // Let the last ticks arrive (bounded).
    const drainDeadline = Date.now() + 5000;
    while (all.some((s) => s.opened && !s.degraded && !s.arrivals.has(played)) && Date.now() < drainDeadline) await sleep(50);
    clearInterval(sampler);
    const serverCpu = cpuSeconds(server.pid) - cpuAt;
    const eventLoopCpu = cpuSeconds(server.pid, server.pid) - loopAt;
    const clientUsage = process.cpuUsage(clientAt);
    const wall = (performance.now() - wallAt) / 1000;
    const healthTimes = (await probe.stop()).sort((a, b) => a - b);
    // More pauses under the same load, each after a second and a half of play: one sample is noisy.
    const pauses = [pause.status === 200 ? pause.ms : Number.POSITIVE_INFINITY];
    for (let i = 1; i < PAUSES && Number.isFinite(pauses[0] as number); i++) {
      await control('play');
      await sleep(1500);
      const again = await timedPause();
      pauses.push(again.status === 200 ? again.ms : Number.POSITIVE_INFINITY);
    }
    pauses.sort((a, b) => a - b);
    const peak = memoryMb(server.pid, 'VmHWM');
    for (const s of all) s.close();
    controller.stop();

    const period = 1000 / RATE;
    let origin = Number.POSITIVE_INFINITY;
    for (const s of all) for (const [t, at] of s.arrivals) if (t > startTick) origin = Math.min(origin, at - (t - startTick) * period);
    // The first arrival of each tick at any subscriber: how late the others are is the fan-out's part.
    const first = new Map<number, number>();
    for (const s of all) for (const [t, at] of s.arrivals) first.set(t, Math.min(first.get(t) ?? Number.POSITIVE_INFINITY, at));
    const results = subs.map(({ group, subs: list }): GroupResult => {
      const latencies: number[] = [];
      const fanout: number[] = [];
      let complete = 0;
      let delivered = 0;
      for (const s of list) {
        let every = s.opened;
        for (let t = startTick + 1; t <= played; t++) {
          const at = s.arrivals.get(t);
          if (at === undefined) every = false;
          else {
            delivered++;
            latencies.push(at - (origin + (t - startTick) * period));
            fanout.push(at - (first.get(t) as number));
          }
        }
        if (every) complete++;
      }
      latencies.sort((a, b) => a - b);
      fanout.sort((a, b) => a - b);
      const opened = list.filter((s) => s.opened).length;
      const ticks = played - startTick;
      return {
        label: group.label,
        subscribers: group.count,
        opened,
        complete,
        pairs: ticks === 0 ? 0 : delivered / (group.count * ticks),
        meanDelivered: opened === 0 ? 0 : delivered / opened,
        degraded: list.filter((s) => s.degraded).length,
        dropped: list.reduce((sum, s) => sum + s.dropped, 0),
        reconnects: list.reduce((sum, s) => sum + s.reconnects, 0),
        latencyP50: percentile(latencies, 50),
        latencyP99: percentile(latencies, 99),
        fanoutP99: percentile(fanout, 99),
      };
    });
    const quarter = Math.max(1, Math.floor(samples.length / 4));
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    return {
      name,
      groups: results,
      played: played - startTick,
      playing,
      health: { p50: percentile(healthTimes, 50), p99: percentile(healthTimes, 99), max: healthTimes.at(-1) ?? Number.NaN, count: healthTimes.length },
      healthBaselineP99: percentile(idleHealth, 99),
      pauseMs: pause.status === 200 ? pause.ms : Number.POSITIVE_INFINITY,
      pauses,
      pauseBaselineMs: pauseBaseline.ms,
      rssBefore,
      rssMax: Math.max(...samples),
      rssFirstQuarter: mean(samples.slice(0, quarter)),
      rssLastQuarter: mean(samples.slice(-quarter)),
      peak,
      serverCpu,
      eventLoopCpu,
      clientCpu: (clientUsage.user + clientUsage.system) / 1e6,
      clientLoopDelay: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
      wall,
    };
  } finally {
    await server.stop();
    dir.remove();
  }
}

interface Targets {
  healthP99: number;
  peakMb?: number;
  everyTick?: boolean;
  pauseMs?: number;
  latencyP99Ms?: number;
}

function report(r: PhaseResult, targets: Targets): void {
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(1)} ms` : 'no answer');
  const ratio = (v: number, base: number) => (Number.isFinite(v) && base > 0 ? `${(v / base).toFixed(1)}× baseline` : '—');
  const rate = r.played / r.playing;
  console.log(`\n## ${r.name}: ${r.groups.map((g) => `${g.subscribers} ${g.label} (${g.opened} open)`).join(', ')}`);
  console.log('\n| figure | value |');
  console.log('|---|---|');
  console.log(`| ticks played before \`pause\` took effect | ${r.played} in ${r.playing.toFixed(1)} s (${rate.toFixed(1)}/s of ${RATE}) |`);
  for (const g of r.groups) {
    console.log(
      `| ${g.label}: (subscriber, tick) pairs delivered | ${(100 * g.pairs).toFixed(1)} % (every tick to ${g.complete}/${g.opened}; ${g.degraded} degraded, ${g.dropped} SLOW_CONSUMER closes, ${g.reconnects} reconnects) |`,
    );
    console.log(`| ${g.label}: delivery latency p50 / p99 | ${ms(g.latencyP50)} / ${ms(g.latencyP99)} (fan-out part p99 ${ms(g.fanoutP99)}) |`);
  }
  console.log(
    `| server peak RSS (VmHWM) | ${r.peak.toFixed(0)} MB (RSS ${r.rssBefore.toFixed(0)} MB before subscribing; mean ${r.rssFirstQuarter.toFixed(0)} MB in the first quarter of the play, ${r.rssLastQuarter.toFixed(0)} MB in the last) |`,
  );
  console.log(
    `| \`GET /v1/health\` p99 from another process | ${ms(r.health.p99)} (${ratio(r.health.p99, r.healthBaselineP99)} of ${ms(r.healthBaselineP99)} idle; p50 ${ms(r.health.p50)}, max ${ms(r.health.max)}, ${r.health.count} requests) |`,
  );
  console.log(
    `| \`pause\` answered after | ${ms(r.pauseMs)} (${ratio(r.pauseMs, r.pauseBaselineMs)} of ${ms(r.pauseBaselineMs)} with no subscriber); ${r.pauses.length} pauses: median ${ms(percentile(r.pauses, 50))}, max ${ms(r.pauses.at(-1) as number)} |`,
  );
  console.log(
    `| CPU while playing (${r.wall.toFixed(1)} s) | server ${r.serverCpu.toFixed(1)} s (event loop ${r.eventLoopCpu.toFixed(1)} s), subscribers' process ${r.clientCpu.toFixed(1)} s (its event loop late by p99 ${ms(r.clientLoopDelay.p99)}, max ${ms(r.clientLoopDelay.max)}) |`,
  );
  const verdicts: string[] = [`health p99 < ${targets.healthP99} ms: ${met(r.health.p99 < targets.healthP99)}`];
  if (targets.everyTick === true)
    verdicts.push(`every tick to every subscriber: ${met(r.groups.every((g) => g.complete === g.opened && g.opened === g.subscribers))}`);
  if (targets.peakMb !== undefined) verdicts.push(`peak < ${targets.peakMb} MB: ${met(r.peak < targets.peakMb)}`);
  if (targets.pauseMs !== undefined) verdicts.push(`pause median < ${targets.pauseMs} ms: ${met(percentile(r.pauses, 50) < targets.pauseMs)}`);
  if (targets.latencyP99Ms !== undefined)
    verdicts.push(`delivery p99 < ${targets.latencyP99Ms} ms: ${met(r.groups.every((g) => g.latencyP99 < (targets.latencyP99Ms as number)))}`);
  verdicts.push(`clock ≥ 90 % of ${RATE} ticks/s: ${met(rate >= 0.9 * RATE)}`);
  console.log(`\ntargets: ${verdicts.join('; ')}`);
}

async function main(): Promise<void> {
  console.log(
    `machine: ${availableParallelism()} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (shared: figures are noisy)`,
  );
  const phases = (process.env.BENCH_PHASES ?? 'compact,json,mixed').split(',');
  const compactQuery = process.env.BENCH_COMPACT_QUERY ?? '?encoding=packed&lag=skip';
  const compact: Group = { label: `compact (${compactQuery.slice(1)})`, count: COMPACT, query: compactQuery, reconnect: false };
  const json: Group = { label: 'JSON (no parameter)', count: FULL, query: '', reconnect: true };
  if (phases.includes('compact')) report(await phase('compact', [compact]), { healthP99: 50, peakMb: 300, everyTick: true });
  if (phases.includes('json')) report(await phase('full JSON, default lag', [json]), { healthP99: 100, pauseMs: 100, latencyP99Ms: 1000 });
  if (phases.includes('mixed')) report(await phase('mixed', [compact, json]), { healthP99: 100, pauseMs: 100, peakMb: 400 });
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
