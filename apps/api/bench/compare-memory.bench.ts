/**
 * The heap a long compare adds: GET /v1/simulations/{id}/compare/{otherId} of two simulations of
 * a world that prophesies every tick (tiny-valley, prophecyInterval 1) over a long common range,
 * through the real app with the engine on a worker pool (one thread), SQLite in a temp file.
 * Prints the peak live heap above the idle heap during the compare, beside two baselines measured in
 * the same run: the peak of a trace read of the same range (a streamed replay, flat by design)
 * and the heap of what a comparison that kept a hash per tick of both runs would hold (the
 * comparison before it read the two replays in step). Asserts nothing.
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

const TICKS = Number(process.env.BENCH_COMPARE_TICKS ?? 16_000);
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
async function peakHeap(work: () => Promise<void>): Promise<{ idle: number; peak: number; ms: number }> {
  gc();
  const idle = process.memoryUsage().heapUsed;
  let peak = idle;
  const sample = (): void => {
    gc();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  };
  const sampler = setInterval(sample, 500);
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  sample();
  clearInterval(sampler);
  return { idle, peak: peak - idle, ms };
}

try {
  const ids: string[] = [];
  for (const [seed, ticks] of [[1, TICKS], [2, TICKS], [3, SHORT]] as const) {
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
  const compare = async (one: string, other: string): Promise<{ idle: number; peak: number; ms: number }> =>
    peakHeap(async () => {
      const res = await call(`/v1/simulations/${one}/compare/${other}`);
      if (res.status !== 200) throw new Error(`compare: ${res.status} ${await res.text()}`);
      await res.json();
    });
  const short = await compare(a, c);
  const long = await compare(a, b);
  // What a comparison that kept a hash per tick of both runs held at its end (before they were read in step).
  let held: string[][] = [];
  const whole = await peakHeap(async () => {
    held = ['a', 'b'].map((run) => Array.from({ length: TICKS }, (_, i) => createHash('sha256').update(`${run}${i}`).digest('base64')));
  });
  const perTick = whole.peak / TICKS;
  console.log(`compare over ${String(SHORT).padStart(7)} common ticks (baseline): peak live heap +${mb(short.peak)} in ${(short.ms / 1000).toFixed(1)} s`);
  console.log(`compare over ${String(TICKS).padStart(7)} common ticks:            peak live heap +${mb(long.peak)} in ${(long.ms / 1000).toFixed(1)} s (${(long.peak / short.peak).toFixed(2)}× the baseline for ${TICKS / SHORT}× the range)`);
  console.log(`a hash per tick of both runs over ${TICKS} ticks, as held before: +${mb(whole.peak)} (${held.length} lists; 1 000 000 ticks: about +${mb(perTick * 1_000_000)})`);
} finally {
  await server.close();
  await engine.close();
}
