/**
 * The heap a long compare adds: GET /v1/simulations/{id}/compare/{otherId} of two simulations of
 * a world that prophesies every tick (tiny-valley, prophecyInterval 1) over a long common range,
 * through the real app with the engine on a worker pool (one thread), SQLite in a temp file.
 * Prints the peak live heap above the idle heap during the compare, beside two baselines measured in
 * the same run: the peak of a trace read of the same range (a streamed replay, flat by design)
 * and the heap of what a comparison that kept a hash per tick of both runs would hold (the
 * comparison before it read the two replays in step). Also the peak resident set of the whole
 * process above what it was before the compare, which holds the worker thread's heap too (the
 * replays run there); it is not extrapolated, since a process keeps memory it freed. The issue's
 * 1 000 000-tick compare takes many minutes to prepare and run, so the bench runs two ranges that
 * take under a minute together on an idle machine (6 000 and 1 500 common ticks by default) and
 * extends a line through their live heaps to 1 000 000 ticks: flat memory gives the same figure,
 * and what the line adds is the noise between the two samples magnified (about 220×), so each
 * range is compared twice and its lower peak kept.
 * Asserts nothing.
 *
 *   npx tsx apps/api/bench/compare-memory.bench.ts
 *   BENCH_COMPARE_TICKS=100000 npx tsx apps/api/bench/compare-memory.bench.ts
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createWorkerPoolRunner } from '../src/engine-work/worker-pool-runner.js';
import { FIXTURE_SCENARIOS } from '../test/helpers/app-deps.js';
import { startTestServer } from '../test/helpers/test-server.js';

const TICKS = Number(process.env.BENCH_COMPARE_TICKS ?? 6_000);
const STEP = 8_000;
/** The short range the long one is set beside: flat memory is the same peak for both. */
const SHORT = Math.round(TICKS / 4);

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const mb = (bytes: number): string => `${(bytes / 1048576).toFixed(1)} MB`;

const file = JSON.parse(readFileSync(`${FIXTURE_SCENARIOS}/tiny-valley.json`, 'utf8')) as Record<string, unknown> & { rules: Record<string, unknown> };
const scenario = { seed: file.seed, agents: file.agents, initialState: file.initialState, rules: { ...file.rules, prophecyInterval: 1 } };

const engine = createWorkerPoolRunner({ threads: 1 });
const server = await startTestServer({ engine });
const call = async (path: string, body?: unknown): Promise<Response> => server.call(path, { key: 'key-a', ...(body === undefined ? {} : { body }) });

/**
 * The idle heap, then the peak live heap above it while `work` runs: sampled every 500 ms just
 * after a full collection, so garbage that is merely not yet collected does not count.
 */
async function peakHeap(work: () => Promise<void>): Promise<{ idle: number; peak: number; median: number; rss: number; ms: number }> {
  gc();
  const idle = process.memoryUsage().heapUsed;
  const idleRss = process.memoryUsage.rss();
  let peak = idle;
  let peakRss = idleRss;
  const samples: number[] = [];
  const sample = (): void => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    gc();
    const used = process.memoryUsage().heapUsed;
    samples.push(used - idle);
    peak = Math.max(peak, used);
  };
  const sampler = setInterval(sample, 250);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  sample();
  clearInterval(sampler);
  samples.sort((x, y) => x - y);
  return { idle, peak: peak - idle, median: samples[Math.floor(samples.length / 2)] ?? 0, rss: peakRss - idleRss, ms };
}

try {
  const ids: string[] = [];
  for (const [seed, ticks] of [
    [1, TICKS],
    [2, TICKS],
    [3, SHORT],
  ] as const) {
    const res = await call('/v1/simulations', { scenario: { ...scenario, seed } });
    const id = ((await res.json()) as { id: string }).id;
    for (let tick = 0; tick < ticks; tick += STEP) {
      const stepped = await call(`/v1/simulations/${id}/step`, { ticks: Math.min(STEP, ticks - tick) });
      if (stepped.status !== 200) throw new Error(`step: ${stepped.status} ${await stepped.text()}`);
      await stepped.body?.cancel();
    }
    ids.push(id);
  }
  const [a, b, c] = ids as [string, string, string];
  console.log(`tiny-valley, a prophecy every tick: simulations stepped to ticks ${TICKS}, ${TICKS} and ${SHORT}`);
  const compare = async (one: string, other: string): Promise<{ idle: number; peak: number; median: number; rss: number; ms: number }> =>
    peakHeap(async () => {
      const res = await call(`/v1/simulations/${one}/compare/${other}`);
      if (res.status !== 200) throw new Error(`compare: ${res.status} ${await res.text()}`);
      await res.json();
    });
  // Each range twice, the lower peak kept: a peak sampled mid-stretch holds up to a stretch's
  // output (1 MiB of JSON) more or less, noise the extrapolation below would magnify.
  const lower = (x: Awaited<ReturnType<typeof compare>>, y: Awaited<ReturnType<typeof compare>>) => ({
    ...x,
    peak: Math.min(x.peak, y.peak),
    median: Math.min(x.median, y.median),
    rss: Math.min(x.rss, y.rss),
    ms: Math.min(x.ms, y.ms),
  });
  const short = lower(await compare(a, c), await compare(a, c));
  const long = lower(await compare(a, b), await compare(a, b));
  // What a comparison that kept a hash per tick of both runs held at its end (before they were read in step).
  let held: string[][] = [];
  const whole = await peakHeap(async () => {
    held = ['a', 'b'].map((run) => Array.from({ length: TICKS }, (_, i) => createHash('sha256').update(`${run}${i}`).digest('base64')));
  });
  const perTick = whole.peak / TICKS;
  console.log(`compare over ${String(SHORT).padStart(7)} common ticks (baseline): peak live heap +${mb(short.peak)} in ${(short.ms / 1000).toFixed(1)} s`);
  console.log(
    `compare over ${String(TICKS).padStart(7)} common ticks:            peak live heap +${mb(long.peak)} in ${(long.ms / 1000).toFixed(1)} s (${(long.peak / short.peak).toFixed(2)}× the baseline for ${TICKS / SHORT}× the range)`,
  );
  console.log(
    `a hash per tick of both runs over ${TICKS} ticks, as held before: +${mb(whole.peak)} (${held.length} lists; 1 000 000 ticks: about +${mb(perTick * 1_000_000)})`,
  );
  // A line through the two measured ranges, extended to 1 000 000 ticks (the compare).
  const MILLION = 1_000_000;
  const extend = (atShort: number, atLong: number): number => atLong + (Math.max(0, atLong - atShort) / (TICKS - SHORT)) * (MILLION - TICKS);
  console.log(`compare's peak resident set (main and worker threads) above its start: +${mb(short.rss)} over ${SHORT} ticks, +${mb(long.rss)} over ${TICKS}`);
  console.log(`compare's median live heap (sampled every 250 ms): +${mb(short.median)} over ${SHORT} ticks, +${mb(long.median)} over ${TICKS}`);
  console.log(
    `extrapolated to 1 000 000 common ticks: peak live heap +${mb(extend(short.peak, long.peak))}, median +${mb(extend(short.median, long.median))} ` +
      `(before: about +${mb(perTick * MILLION)} of hashes alone), ` +
      `about ${Math.round(extend(short.ms, long.ms) / 60_000)} min of compare (a line through the two ranges)`,
  );
} finally {
  await server.close();
  await engine.close();
}
