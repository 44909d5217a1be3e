/**
 * A whole trace read back: `GET /v1/simulations/{id}/trace` of the largest pre-built world
 * (`crowded-large`, 2 400 agents, default rules), after a streamed `run` computed it (10 000 ticks
 * asked; the world collapses at tick 1 401, 585 MiB of NDJSON). A trace read replays the input
 * log on the engine's worker, in stretches, and streams each step as it is computed
 * (docs/api.md, "Storage and replay"): it does the run's work again, so the run is its baseline
 * in the same server. Prints, for the run and for the trace as NDJSON and as JSON: first and last
 * byte, and the server's resident set sampled during each (its peak) beside VmHWM after it.
 * Asserts nothing.
 *
 *   npx tsx apps/api/bench/run-all.ts trace-read
 *   BENCH_TRACE_TICKS=400 …   a shorter run and trace
 *   BENCH_BASE_BUNDLE=/other/checkout/apps/api/dist/main.js …   the same on a base commit's bundle
 *     (built there first: `node apps/api/scripts/build.mjs`), the two taking turns, with this
 *     tree's figures over the base's
 */
import { loadavg } from 'node:os';
import { startServerProcess, type ServerProcess } from '../test/support/server-process.js';
import { memoryOf } from './process-memory.js';

const TICKS = Number(process.env.BENCH_TRACE_TICKS ?? 10_000);
const SCENARIO = 'crowded-large';
const baseBundle = process.env.BENCH_BASE_BUNDLE;
/** Limits nobody reaches: every request does its full work, none is refused. */
const UNLIMITED = { SIM_RATE_LIMITS_PRO: '1000000000,1000000000,1000000000', SIM_WORK_LIMITS_PRO: '1000000000000,1000000000000' };

interface Read {
  status: number;
  bytes: number;
  firstByteMs: number;
  lastByteMs: number;
  /** The resident set sampled every 20 ms during the read: its peak. */
  peakRss: number;
  /** VmHWM after the read: the process's peak so far. */
  hwm: number;
}

/** Sends a request and reads its body to the end, sampling the server's memory meanwhile. */
async function timedRead(server: ServerProcess, path: string, init: RequestInit): Promise<{ read: Read; response: Response }> {
  let peakRss = memoryOf(server.pid).rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, memoryOf(server.pid).rss)), 20);
  try {
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}${path}`, init);
    let firstByteMs = 0;
    let bytes = 0;
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += chunk.length;
    }
    const lastByteMs = performance.now() - started;
    return { read: { status: response.status, bytes, firstByteMs, lastByteMs, peakRss, hwm: memoryOf(server.pid).hwm }, response };
  } finally {
    clearInterval(sampler);
  }
}

interface Figures {
  run: Read;
  ndjson: Read;
  json: Read;
}

/** A fresh server (this tree's bundle, or `bundlePath`): the streamed run, then its trace as NDJSON and as JSON. */
async function measure(bundlePath?: string): Promise<Figures> {
  const server = await startServerProcess({ entry: 'bundle', env: UNLIMITED, timeoutMs: 60_000, ...(bundlePath === undefined ? {} : { bundlePath }) });
  try {
    if (server.apiKey === undefined) throw new Error('the server printed no bootstrap key');
    const headers = { 'X-Api-Key': server.apiKey, 'Content-Type': 'application/json' };
    const { read: run, response } = await timedRead(server, '/v1/simulations/run', {
      method: 'POST',
      headers: { ...headers, Accept: 'application/x-ndjson' },
      body: JSON.stringify({ scenarioId: SCENARIO, ticks: TICKS }),
    });
    const id = response.headers.get('location')?.split('/').pop();
    if (run.status !== 201 || id === undefined) throw new Error(`run: ${run.status}`);
    const trace = `/v1/simulations/${id}/trace`;
    const ndjson = (await timedRead(server, trace, { headers: { ...headers, Accept: 'application/x-ndjson' } })).read;
    const json = (await timedRead(server, trace, { headers: { ...headers, Accept: 'application/json' } })).read;
    return { run, ndjson, json };
  } finally {
    await server.stop();
  }
}

const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MiB`;
const row = (what: string, r: Read, baseline?: Read): string =>
  `| ${what} | ${r.status} | ${mib(r.bytes)} | ${r.firstByteMs.toFixed(0)} ms | ${(r.lastByteMs / 1000).toFixed(2)} s | ${baseline === undefined ? '' : (r.lastByteMs / baseline.lastByteMs).toFixed(2)} | ${r.peakRss.toFixed(1)} MB | ${r.hwm.toFixed(1)} MB |`;

console.log(`${SCENARIO}, ${TICKS} ticks asked, load ${loadavg()[0]!.toFixed(2)}`);
const tree: Figures[] = [];
const base: Figures[] = [];
for (let turn = 0; turn < (baseBundle === undefined ? 1 : 2); turn++) {
  // Taking turns, first one then the other: the machine's speed drifts.
  const order = turn % 2 === 0 ? (['this', 'base'] as const) : (['base', 'this'] as const);
  for (const which of order) {
    if (which === 'this') tree.push(await measure());
    else if (baseBundle !== undefined) base.push(await measure(baseBundle));
  }
}
console.log(`load after: ${loadavg()[0]!.toFixed(2)}\n`);
console.log('| read | status | body | first byte | last byte | last byte over the run | peak RSS sampled | VmHWM after |');
console.log('|---|---|---|---|---|---|---|---|');
for (const [i, f] of tree.entries()) {
  console.log(row(`run, NDJSON (turn ${i + 1})`, f.run));
  console.log(row('trace, NDJSON', f.ndjson, f.run));
  console.log(row('trace, JSON', f.json, f.run));
}
if (baseBundle !== undefined) {
  for (const [i, f] of base.entries()) {
    console.log(row(`base: run, NDJSON (turn ${i + 1})`, f.run));
    console.log(row('base: trace, NDJSON', f.ndjson, f.run));
    console.log(row('base: trace, JSON', f.json, f.run));
  }
  const ratios = (of: (f: Figures) => number): string => tree.map((t, i) => (of(t) / of(base[i]!)).toFixed(2)).join(', ');
  console.log(
    `\nthis tree / base, per turn: trace NDJSON last byte ${ratios((f) => f.ndjson.lastByteMs)}, peak RSS ${ratios((f) => f.ndjson.peakRss)}; trace JSON last byte ${ratios((f) => f.json.lastByteMs)}, peak RSS ${ratios((f) => f.json.peakRss)}`,
  );
}
