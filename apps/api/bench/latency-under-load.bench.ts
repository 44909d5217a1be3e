/**
 * Latency while the heaviest request runs. Against the real server as `pnpm start` runs it (the
 * esbuild bundle, its engine worker pool), with an enterprise key: p50 and p99 of
 * GET /v1/health and GET /v1/simulations/{id}, first with the server idle, then while the
 * heaviest step the enterprise tier's ceiling admits computes. That step is one tick of
 * the attacker's scenario of issue 12 scaled to the ceiling under the default engine (1.2.0:
 * 1 562 agents, 64 attractors and a prophecy of 32 branches × 2 ensembles × 1 000 ticks, about
 * 100 million agent-ticks, about a minute of CPU). Its
 * client then disconnects, and the time until the pool serves the next step is printed.
 * Target: p99 < 20 ms while the heavy work runs. Prints figures, asserts nothing.
 *
 *   npx tsx apps/api/bench/latency-under-load.bench.ts
 *   BENCH_REQUESTS=1000 npx tsx apps/api/bench/latency-under-load.bench.ts
 */
import { DEFAULT_ENGINE_VERSION, prophecyBranchTicks } from '@sim/engine';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_TIER_LIMITS } from '../src/identity/tier-limits.js';
import { runCliJson, startServerProcess, tempDir } from '../test/support/server-process.js';
import { latencyTable, measureLatency, type LatencySample } from './latency-sample.js';
import { spreadWorld } from './spread-world.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const P99_TARGET_MS = 20;

/** The most agents whose one prophecy tick (32 × 500, default engine) fits the enterprise ceiling. */
function heaviestScenario(): Record<string, unknown> {
  const branches = 32;
  const horizon = 500;
  const branchTicks = prophecyBranchTicks(DEFAULT_ENGINE_VERSION, { prophecyHorizon: horizon, fixedPointIterations: 0 });
  const agents = Math.floor(DEFAULT_TIER_LIMITS.enterprise.work.ceiling / (1 + branches * branchTicks));
  return {
    ...spreadWorld(agents),
    rules: { prophecyInterval: 1, prophecyBranches: branches, prophecyHorizon: horizon },
  };
}

const dir = tempDir('sim-latency-bench-');
const databasePath = join(dir.path, 'bench.db');
// Request-count limits nobody reaches here: the figures are latencies, not 429s.
const server = await startServerProcess({
  databasePath,
  entry: 'bundle',
  env: { SIM_BOOTSTRAP: 'false', SIM_RATE_LIMITS_FREE: '1000000,1000000,1000000', SIM_RATE_LIMITS_ENTERPRISE: '1000000,1000000,1000000' },
});
try {
  const org = runCliJson(databasePath, ['orgs', 'create', '--name', 'bench', '--tier', 'enterprise', '--json']) as { id: string };
  const { key } = runCliJson(databasePath, ['keys', 'create', '--org', org.id, '--scopes', 'simulation:read,simulation:write', '--json']) as { key: string };
  const headers = { 'X-Api-Key': key, 'Content-Type': 'application/json' };
  const post = (path: string, body: unknown, signal?: AbortSignal) =>
    fetch(`${server.baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body), ...(signal ? { signal } : {}) });

  const light = (await (await post('/v1/simulations', { scenarioId: 'calm-equilibrium' })).json()) as { id: string };
  const heavyCreated = await post('/v1/simulations', { scenario: heaviestScenario() });
  if (heavyCreated.status !== 201) throw new Error(`the heavy scenario was refused: ${heavyCreated.status} ${await heavyCreated.text()}`);
  const heavy = (await heavyCreated.json()) as { id: string };
  const targets = { 'GET /v1/health': `${server.baseUrl}/v1/health`, 'GET /v1/simulations/{id}': `${server.baseUrl}/v1/simulations/${light.id}` };

  // Warm-up: connections, JIT, caches.
  for (const url of Object.values(targets)) for (let i = 0; i < 50; i++) await (await fetch(url, { headers })).arrayBuffer();

  const idle: Record<string, LatencySample> = {};
  for (const [name, url] of Object.entries(targets)) idle[name] = await measureLatency(url, headers, REQUESTS);

  const client = new AbortController();
  const startedAt = performance.now();
  let stepOutcome = 'still running';
  const step = post(`/v1/simulations/${heavy.id}/step`, { ticks: 1 }, client.signal).then(
    async (res) => (stepOutcome = `answered ${res.status} after ${((performance.now() - startedAt) / 1000).toFixed(1)} s: ${(await res.text()).slice(0, 200)}`),
    () => undefined,
  );
  await new Promise((resolve) => setTimeout(resolve, 500));
  const loaded: Record<string, LatencySample> = {};
  for (const [name, url] of Object.entries(targets)) loaded[name] = await measureLatency(url, headers, REQUESTS);
  const heavyFor = ((performance.now() - startedAt) / 1000).toFixed(1);
  const outcomeWhileMeasured = stepOutcome;

  // The heavy step's client leaves; its worker is ended and the pool starts a fresh one.
  client.abort();
  await step;
  const freedStart = performance.now();
  const next = await post(`/v1/simulations/${light.id}/step`, { ticks: 10 });
  await next.text();
  const nextMs = performance.now() - freedStart;
  const heavyView = (await (await fetch(`${server.baseUrl}/v1/simulations/${heavy.id}`, { headers })).json()) as { state: { tick: number } };

  console.log(
    `machine: ${availableParallelism()} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${REQUESTS} sequential requests per figure`,
  );
  console.log(
    `heavy request: POST /v1/simulations/{id}/step {ticks: 1} on ${(heaviestScenario().agents as unknown[]).length} agents, prophecy 32 × 500 (the enterprise ceiling, ${DEFAULT_TIER_LIMITS.enterprise.work.ceiling.toLocaleString('en-US')} agent-ticks)`,
  );
  console.log(`  while measuring it was ${outcomeWhileMeasured === 'still running' ? `still running after ${heavyFor} s` : outcomeWhileMeasured}`);
  console.log('');
  console.log(latencyTable(idle, loaded));
  const worst = Math.max(...Object.values(loaded).map((m) => m.p99));
  console.log(`\ntarget p99 < ${P99_TARGET_MS} ms under load: ${worst < P99_TARGET_MS ? 'met' : 'NOT met'} (worst ${worst.toFixed(2)} ms)`);
  console.log(
    `after the heavy step's client disconnected: the next step (10 ticks) answered ${next.status} in ${nextMs.toFixed(0)} ms; the heavy simulation is still at tick ${heavyView.state.tick}`,
  );
} finally {
  await server.stop();
  dir.remove();
}
