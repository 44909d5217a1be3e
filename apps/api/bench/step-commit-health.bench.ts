/**
 * `GET /v1/health` from another process while a long step commits: tiny-valley with a prophecy
 * every tick, so that each tick stores a prophecy and its event (issue 23's finding 4), stepped
 * 2 000 and 10 000 ticks in one request on the real server (the bundle `pnpm start` runs, SQLite
 * in a temp file), while this process polls health every 10 ms on a new connection. Prints
 * health's median, p99 and slowest wait during each step, the step's own time, and, as the
 * baseline of the same run, health's p99 on the idle server. Asserts nothing.
 *
 *   npx tsx apps/api/bench/step-commit-health.bench.ts
 *   BENCH_BASE_BUNDLE=/other/checkout/apps/api/dist/main.js …   also the same steps on a base commit's bundle, taking turns
 *   BENCH_STEP_TICKS=2000,4000,10000 …
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { FIXTURE_SCENARIOS } from '../test/helpers/app-deps.js';
import { startServerProcess, tempDir, type ServerProcess } from '../test/support/server-process.js';
import { percentile } from './latency-sample.js';

const TICKS = (process.env.BENCH_STEP_TICKS ?? '2000,10000').split(',').map(Number);
const baseBundle = process.env.BENCH_BASE_BUNDLE;
const UNLIMITED = { SIM_RATE_LIMITS_PRO: '1000000,1000000,1000000', SIM_WORK_LIMITS_PRO: '1000000000000,1000000000000' };

const file = JSON.parse(readFileSync(`${FIXTURE_SCENARIOS}/tiny-valley.json`, 'utf8')) as Record<string, unknown> & { rules: Record<string, unknown> };
const scenario = { seed: file.seed, agents: file.agents, initialState: file.initialState, rules: { ...file.rules, prophecyInterval: 1 } };
const load = (): string =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

async function call(server: ServerProcess, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'X-Api-Key': server.apiKey ?? '', 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${path}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Health's waits, polled every 10 ms on a new connection until `during` settles (or `count` polls when idle). */
async function healthWaits(server: ServerProcess, during: Promise<unknown> | number): Promise<number[]> {
  let settled = typeof during === 'number';
  if (typeof during !== 'number') void during.finally(() => (settled = true)).catch(() => undefined);
  const waits: number[] = [];
  while (typeof during === 'number' ? waits.length < during : !settled) {
    const sent = performance.now();
    const res = await fetch(`${server.baseUrl}/v1/health`, { headers: { Connection: 'close' } });
    await res.arrayBuffer();
    waits.push(performance.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  if (typeof during !== 'number') await during;
  return waits.sort((a, b) => a - b);
}

const ms = (value: number): string => `${value.toFixed(0)} ms`;
const dir = tempDir('sim-commit-bench-');
const servers: Array<{ name: string; server: ServerProcess }> = [];
try {
  servers.push({ name: 'this tree', server: await startServerProcess({ databasePath: join(dir.path, 'this.db'), entry: 'bundle', env: UNLIMITED }) });
  if (baseBundle !== undefined) {
    servers.push({
      name: 'base commit',
      server: await startServerProcess({ databasePath: join(dir.path, 'base.db'), bundlePath: baseBundle, env: UNLIMITED }),
    });
  }
  console.log(`node ${process.version}; tiny-valley, a prophecy every tick; load average before: ${load()}`);
  for (const { name, server } of servers) {
    await healthWaits(server, 20); // warm-up: the first answers of a new process compile its code
    const idle = await healthWaits(server, 50);
    console.log(`${name}: health idle p99 ${ms(percentile(idle, 99))} (baseline)`);
  }
  for (const ticks of TICKS) {
    for (const { name, server } of servers) {
      const id = (await call(server, '/v1/simulations', { scenario })).id as string;
      const started = performance.now();
      const waits = await healthWaits(server, call(server, `/v1/simulations/${id}/step`, { ticks }));
      const stepMs = performance.now() - started;
      console.log(
        `${name}, step of ${ticks} ticks: ${ms(stepMs)}; health during it: median ${ms(percentile(waits, 50))}, p99 ${ms(percentile(waits, 99))}, ` +
          `slowest ${ms(waits[waits.length - 1] ?? 0)} (${waits.length} polls)`,
      );
    }
  }
  console.log(`load average after: ${load()}`);
} finally {
  for (const { server } of servers) await server.stop();
  dir.remove();
}
