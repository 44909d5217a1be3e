/**
 * Latency while requests on a large world are hammered. Against the real server as `pnpm start`
 * runs it (the esbuild bundle, its engine worker pool): p50 and p99 of GET /v1/health and
 * GET /v1/simulations/{id} (a small simulation), first with the server idle, then while
 * `BENCH_HAMMERS` clients each post, back to back, decrees on a 10 000-agent simulation (64
 * attractors, a 256 × 256 grid) and creates of that same inline world; each loaded figure
 * keeps sampling until each kind of hammered request has completed `BENCH_LOADED_AT_LEAST`
 * times (default 10) during it. None of these requests
 * computes a tick, but each builds, resumes or serializes the world: that is a worker's work
 * (docs/api.md, "Where it runs"), and what the event loop keeps (the stored snapshot's JSON,
 * the inline scenario's schema) shows here. Prints figures, asserts nothing.
 *
 *   npx tsx apps/api/bench/large-world-load.bench.ts
 *   BENCH_REQUESTS=1000 BENCH_HAMMERS=4 npx tsx apps/api/bench/large-world-load.bench.ts
 */
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { runCliJson, startServerProcess, tempDir } from '../test/support/server-process.js';
import { latencyTable, measureLatency, type LatencySample } from './latency-sample.js';
import { spreadWorld } from './spread-world.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const HAMMERS = Number(process.env.BENCH_HAMMERS ?? 2);
/** Each kind of hammered request completes at least this many times while each figure is measured. */
const LOADED_AT_LEAST = Number(process.env.BENCH_LOADED_AT_LEAST ?? 10);
const AGENTS = 10_000;

interface Hammered {
  requests: number;
  failures: number;
  totalMs: number;
}

/** Posts `next()`'s request back to back until `stop` aborts; counts and times them. */
async function hammer(url: string, headers: Record<string, string>, next: () => unknown, stop: AbortSignal, into: Hammered): Promise<void> {
  while (!stop.aborted) {
    const started = performance.now();
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(next()) });
    await res.arrayBuffer();
    into.requests++;
    into.totalMs += performance.now() - started;
    if (res.status !== 201) into.failures++;
  }
}

const dir = tempDir('sim-large-world-bench-');
const databasePath = join(dir.path, 'bench.db');
// Request-count limits nobody reaches here: the figures are latencies, not 429s.
const server = await startServerProcess({
  databasePath,
  entry: 'bundle',
  env: { SIM_BOOTSTRAP: 'false', SIM_RATE_LIMITS_ENTERPRISE: '1000000,1000000,1000000' },
});
try {
  const org = runCliJson(databasePath, ['orgs', 'create', '--name', 'bench', '--tier', 'enterprise', '--json']) as { id: string };
  const { key } = runCliJson(databasePath, ['keys', 'create', '--org', org.id, '--scopes', 'simulation:read,simulation:write', '--json']) as { key: string };
  const headers = { 'X-Api-Key': key, 'Content-Type': 'application/json' };
  const post = async (path: string, body: unknown): Promise<{ id: string }> => {
    const res = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };

  const world = spreadWorld(AGENTS);
  const light = await post('/v1/simulations', { scenarioId: 'calm-equilibrium' });
  const large = await post('/v1/simulations', { scenario: world });
  const targets = { 'GET /v1/health': `${server.baseUrl}/v1/health`, 'GET /v1/simulations/{id}': `${server.baseUrl}/v1/simulations/${light.id}` };

  // Warm-up: connections, JIT, caches, the workers.
  for (const url of Object.values(targets)) for (let i = 0; i < 50; i++) await (await fetch(url, { headers })).arrayBuffer();
  await post(`/v1/simulations/${large.id}/decrees`, { type: 'set-rule', payload: { rule: 'ticksPerSecond', value: 10 } });

  const idle: Record<string, LatencySample> = {};
  for (const [name, url] of Object.entries(targets)) idle[name] = await measureLatency(url, headers, REQUESTS);

  const stop = new AbortController();
  const decrees: Hammered = { requests: 0, failures: 0, totalMs: 0 };
  const creates: Hammered = { requests: 0, failures: 0, totalMs: 0 };
  let n = 0;
  // Alternating values keep the decrees valid and the queue's cost the same.
  const decree = () => ({ type: 'set-rule', payload: { rule: 'ticksPerSecond', value: 10 + (n++ % 2) } });
  const hammers = Array.from({ length: HAMMERS }, (_, i) =>
    i % 2 === 0
      ? hammer(`${server.baseUrl}/v1/simulations/${large.id}/decrees`, headers, decree, stop.signal, decrees)
      : hammer(`${server.baseUrl}/v1/simulations`, headers, () => ({ scenario: world }), stop.signal, creates),
  );
  const startedAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const loaded: Record<string, LatencySample> = {};
  for (const [name, url] of Object.entries(targets)) {
    const from = { decrees: decrees.requests, creates: creates.requests };
    const hammered = (h: Hammered, before: number): boolean => h.requests - before >= LOADED_AT_LEAST || HAMMERS < (h === decrees ? 1 : 2);
    loaded[name] = await measureLatency(url, headers, REQUESTS, () => !(hammered(decrees, from.decrees) && hammered(creates, from.creates)));
  }
  stop.abort();
  await Promise.all(hammers);
  const seconds = (performance.now() - startedAt) / 1000;

  const rate = (h: Hammered): string =>
    `${h.requests} in ${seconds.toFixed(1)} s (${(h.requests / seconds).toFixed(1)}/s, mean ${(h.totalMs / Math.max(1, h.requests)).toFixed(0)} ms each${h.failures > 0 ? `, ${h.failures} not 201` : ''})`;
  console.log(
    `machine: ${availableParallelism()} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; at least ${REQUESTS} sequential requests per figure`,
  );
  console.log(`load: ${HAMMERS} clients back to back on a ${AGENTS.toLocaleString('en-US')}-agent world (64 attractors, 256 × 256 grid)`);
  console.log(`  decrees on one simulation: ${rate(decrees)}`);
  console.log(`  creates of the inline world: ${rate(creates)}`);
  console.log('');
  console.log(latencyTable(idle, loaded));
} finally {
  await server.stop();
  dir.remove();
}
