/**
 * SSE fan-out: one simulation playing at 20 ticks/s, 500 concurrent subscribers (the `eventsource`
 * client) on loopback, against the real server process as `pnpm start` runs it (the esbuild
 * bundle dist/main.js on plain node, built first; SQLite in a temp file). Prints, asserts nothing, stops by itself.
 *
 * Latency of a tick event is measured from the tick's place on the playback schedule: tick t is
 * due at `origin + t / rate`, where `origin` is fitted as the earliest arrival of any tick at any
 * subscriber minus its schedule offset. It therefore includes timer jitter, the engine, the
 * database commit, the fan-out and the client's parsing; it is an upper bound of the server's
 * part. Target: every subscriber receives every tick, p99 < 250 ms.
 *
 *   npx tsx apps/api/bench/fanout.bench.ts
 *   BENCH_SUBSCRIBERS=1000 BENCH_SECONDS=20 npx tsx apps/api/bench/fanout.bench.ts
 */
import { EventSource } from 'eventsource';
import { join } from 'node:path';
import { memoryOf } from './process-memory.js';
import { smallPlayingWorld } from './small-playing-world.js';
import { runCliJson, startServerProcess, tempDir } from '../test/support/server-process.js';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = 20;
const P99_TARGET_MS = 250;

/** A small inline scenario (few agents, so the client side is not what is measured). */
const scenario = smallPlayingWorld(RATE);

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  const dir = tempDir('sim-fanout-');
  const databasePath = join(dir.path, 'sim.db');
  // An enterprise organization, its stream limit (200 by default) raised to the subscriber count.
  // entry 'bundle': what `pnpm start` runs (the esbuild bundle on plain node).
  const server = await startServerProcess({
    databasePath,
    entry: 'bundle',
    env: { SIM_BOOTSTRAP: 'false', SIM_SSE_STREAM_LIMITS: `2,20,${Math.max(200, SUBSCRIBERS)}` },
  });
  const org = runCliJson(databasePath, ['orgs', 'create', '--name', 'bench', '--tier', 'enterprise', '--json']) as { id: string };
  const { key } = runCliJson(databasePath, ['keys', 'create', '--org', org.id, '--scopes', 'simulation:read,simulation:write', '--json']) as { key: string };
  const headers = { 'X-Api-Key': key, 'Content-Type': 'application/json' };
  const api = (path: string, method: string, body?: unknown) =>
    fetch(`${server.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });

  try {
    const created = (await (await api('/v1/simulations', 'POST', { scenario })).json()) as { id: string };
    const id = created.id;
    const rssBefore = memoryOf(server.pid).rss;

    // Subscribers: arrival time of each tick, per subscriber.
    const arrivals: Map<number, number>[] = [];
    const sources: EventSource[] = [];
    let opened = 0;
    let refused = 0;
    let paused = 0;
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const seen = new Map<number, number>();
      arrivals.push(seen);
      const source = new EventSource(`${server.baseUrl}/v1/simulations/${id}/events`, {
        fetch: (input, init) => fetch(input, { ...init, headers: { ...(init.headers as Record<string, string>), 'X-Api-Key': key } }),
      });
      source.addEventListener('open', () => opened++);
      source.addEventListener('error', (event) => {
        if ('code' in event && event.code !== undefined) refused++;
      });
      source.addEventListener('tick', (event) => {
        const now = performance.now();
        // Only `t` is needed; the full parse is the client's real cost and part of the figure.
        const { t } = JSON.parse(event.data) as { t: number };
        seen.set(t, now);
      });
      source.addEventListener('simulation:status', (event) => {
        if ((JSON.parse(event.data) as { status: string }).status === 'paused') paused++;
      });
      sources.push(source);
    }
    const openDeadline = Date.now() + 30_000;
    while (opened + refused < SUBSCRIBERS && Date.now() < openDeadline) await sleep(20);
    console.log(`subscribers: ${opened} open, ${refused} refused (of ${SUBSCRIBERS})`);

    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(memoryOf(server.pid).rss), 250);
    const playedAt = performance.now();
    await api(`/v1/simulations/${id}/time-control`, 'PUT', { action: 'play' });
    await sleep(SECONDS * 1000);
    await api(`/v1/simulations/${id}/time-control`, 'PUT', { action: 'pause' });
    const pauseDeadline = Date.now() + 10_000;
    while (paused < opened && Date.now() < pauseDeadline) await sleep(20);
    clearInterval(sampler);
    const state = ((await (await api(`/v1/simulations/${id}`, 'GET')).json()) as { state: { tick: number } }).state;
    const ticks = state.tick;

    // Fit the schedule's origin: the earliest arrival of any tick, less its offset.
    const period = 1000 / RATE;
    let origin = Number.POSITIVE_INFINITY;
    for (const seen of arrivals) for (const [t, at] of seen) origin = Math.min(origin, at - t * period);
    const latencies: number[] = [];
    const spread: number[] = [];
    let complete = 0;
    for (let t = 1; t <= ticks; t++) {
      let first = Number.POSITIVE_INFINITY;
      let last = 0;
      for (const seen of arrivals) {
        const at = seen.get(t);
        if (at === undefined) continue;
        latencies.push(at - (origin + t * period));
        first = Math.min(first, at);
        last = Math.max(last, at);
      }
      if (last > 0) spread.push(last - first);
    }
    for (const seen of arrivals) {
      let all = seen.size === ticks;
      for (let t = 1; all && t <= ticks; t++) all = seen.has(t);
      if (all) complete++;
    }
    latencies.sort((a, b) => a - b);
    spread.sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    const elapsed = (performance.now() - playedAt) / 1000;

    console.log(
      `played ${ticks} ticks in ~${SECONDS} s at ${RATE} ticks/s (expected ≈ ${RATE * SECONDS}); ${(ticks / elapsed).toFixed(1)} ticks/s incl. drain`,
    );
    console.log(
      `every tick to every subscriber: ${complete === SUBSCRIBERS ? 'yes' : 'NO'} (${complete}/${SUBSCRIBERS} complete; ${latencies.length}/${ticks * SUBSCRIBERS} deliveries)`,
    );
    console.log(
      `latency from schedule, per tick event: p50 ${percentile(latencies, 50).toFixed(1)} ms, p90 ${percentile(latencies, 90).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(latencies.at(-1) ?? Number.NaN).toFixed(1)} ms (target p99 < ${P99_TARGET_MS} ms: ${p99 < P99_TARGET_MS ? 'met' : 'NOT met'})`,
    );
    console.log(
      `fan-out spread (first to last subscriber, per tick): p50 ${percentile(spread, 50).toFixed(1)} ms, p99 ${percentile(spread, 99).toFixed(1)} ms`,
    );
    console.log(
      `server RSS: ${rssBefore.toFixed(0)} MB before subscribers, ${Math.max(...samples).toFixed(0)} MB max while playing, peak (VmHWM) ${memoryOf(server.pid).hwm.toFixed(0)} MB`,
    );
    for (const source of sources) source.close();
  } finally {
    await server.stop();
    dir.remove();
  }
}

main()
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
