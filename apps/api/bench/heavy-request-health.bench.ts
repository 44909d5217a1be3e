/**
 * `GET /v1/health` from another process during each heavy request of issue 23, on the real
 * server (the bundle `pnpm start` runs, its engine on worker threads, SQLite in a temp file),
 * and during three bodies near the 1 MiB limit (one with 130 000 problems, one of 90 000
 * unknown keys, one valid of 10 000 agents):
 * this process polls health every 10 ms on a new connection while one request runs, and prints
 * health's median, p99 and slowest wait, the request's own time and its status, beside the
 * baseline of the same run, health's p99 on the idle server. The world is tiny-valley with a
 * prophecy every tick, so that each tick stores a prophecy and its event (finding 4). Scaled
 * to about a minute: steps of 2 000 and 10 000 ticks, a fork at tick 9 999, a compare and a
 * trace of 10 000 ticks, a past state, a `run` of 10 000 ticks with an `Idempotency-Key` (and
 * its replay), an experiment of 1 000 runs submitted twice (the second reuses them all), and an
 * experiment on a domain base varying 8 paths × 1 000 values (refused by arithmetic). Asserts
 * nothing.
 *
 *   npx tsx apps/api/bench/heavy-request-health.bench.ts
 *   BENCH_BASE_BUNDLE=/other/checkout/apps/api/dist/main.js …   also every request on a base commit's bundle, taking turns
 */
import { ecosystemAdapter } from '@sim/domain-adapters';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fixtureScenario } from '../test/support/scenario-files.js';
import { startServerProcess, tempDir, type ServerProcess } from '../test/support/server-process.js';
import { percentile } from './latency-sample.js';

const baseBundle = process.env.BENCH_BASE_BUNDLE;
const LONG = 10_000;
const UNLIMITED = { SIM_RATE_LIMITS_PRO: '1000000,1000000,1000000', SIM_WORK_LIMITS_PRO: '1000000000000,1000000000000' };

const plainScenario = fixtureScenario('tiny-valley');
const scenario = { ...plainScenario, rules: { ...plainScenario.rules, prophecyInterval: 1 } };
const load = (): string =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(server: ServerProcess, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: { 'X-Api-Key': server.apiKey ?? '', 'Content-Type': 'application/json', ...options.headers },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // A trace is JSON too; anything else is reported by its status.
  }
  return { status: res.status, body };
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

/** Polls an experiment until it is no longer queued or running. */
async function finished(server: ServerProcess, id: string): Promise<Answer> {
  for (;;) {
    const view = await call(server, `/v1/experiments/${id}`);
    if (view.body.status !== 'queued' && view.body.status !== 'running') return view;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Every heavy request, in order, on one server: each returns its answer's status (and says what it was). */
function requests(server: ServerProcess): Array<{ name: string; run: () => Promise<string> }> {
  let parent = '';
  let fork = '';
  const experiment = { base: { scenario: plainScenario }, replications: 1_000, seed: 5, ticks: 1, metrics: ['losses'] };
  const ecosystem = ecosystemAdapter.example as { patches: unknown[] };
  const vary = Object.fromEntries(
    Array.from({ length: Math.min(8, ecosystem.patches.length) }, (_, i) => [`input.patches.${i}.animals`, Array.from({ length: 1_000 }, (_, v) => 100 + v)]),
  );
  return [
    {
      name: '1 MiB create, 10 000 malformed agents (130 000 problems)',
      run: async () =>
        String(
          (await call(server, '/v1/simulations', { body: { scenario: { seed: 1, agents: junkAgents, initialState: { width: 128, height: 128 } } } })).status,
        ),
    },
    {
      name: '1 MiB step body of 90 000 unknown keys, Idempotency-Key',
      run: async () => {
        const id = (await call(server, '/v1/simulations', { body: { scenario } })).body.id as string;
        return String((await call(server, `/v1/simulations/${id}/step`, { body: unknownKeys, headers: { 'Idempotency-Key': 'bench-keys' } })).status);
      },
    },
    {
      name: '1 MiB create, 10 000 agents',
      run: async () => String((await call(server, '/v1/simulations', { body: { scenario: largeScenario } })).status),
    },
    {
      name: 'step of 2 000 ticks',
      run: async () => {
        const id = (await call(server, '/v1/simulations', { body: { scenario } })).body.id as string;
        return String((await call(server, `/v1/simulations/${id}/step`, { body: { ticks: 2_000 } })).status);
      },
    },
    {
      name: `step of ${LONG} ticks`,
      run: async () => {
        parent = (await call(server, '/v1/simulations', { body: { scenario } })).body.id as string;
        return String((await call(server, `/v1/simulations/${parent}/step`, { body: { ticks: LONG } })).status);
      },
    },
    {
      name: `fork at tick ${LONG - 1}`,
      run: async () => {
        const answer = await call(server, `/v1/simulations/${parent}/forks`, { body: { atTick: LONG - 1 } });
        fork = answer.body.id as string;
        return String(answer.status);
      },
    },
    { name: `compare over ${LONG - 1} ticks`, run: async () => String((await call(server, `/v1/simulations/${parent}/compare/${fork}`)).status) },
    { name: `trace of ${LONG} ticks`, run: async () => String((await call(server, `/v1/simulations/${parent}/trace`)).status) },
    { name: `state of tick ${LONG - 1}`, run: async () => String((await call(server, `/v1/simulations/${parent}/states/${LONG - 1}`)).status) },
    {
      name: `run of ${LONG} ticks, Idempotency-Key`,
      run: async () =>
        String((await call(server, '/v1/simulations/run', { body: { scenario, ticks: LONG }, headers: { 'Idempotency-Key': 'bench-run' } })).status),
    },
    {
      name: 'the same run, replayed',
      run: async () =>
        String((await call(server, '/v1/simulations/run', { body: { scenario, ticks: LONG }, headers: { 'Idempotency-Key': 'bench-run' } })).status),
    },
    {
      name: 'experiment of 1 000 runs',
      run: async () => {
        const answer = await call(server, '/v1/experiments', { body: experiment });
        return `${answer.status}, ${String((await finished(server, answer.body.id as string)).body.status)}`;
      },
    },
    {
      name: 'the same experiment, all reused',
      run: async () => {
        const answer = await call(server, '/v1/experiments', { body: experiment });
        const view = await finished(server, answer.body.id as string);
        return `${answer.status}, ${JSON.stringify(view.body.runs)}`;
      },
    },
    {
      name: 'domain experiment, 8 paths × 1 000 values',
      run: async () =>
        String(
          (
            await call(server, '/v1/experiments', {
              body: { base: { domain: 'ecosystem', input: ecosystem }, vary, replications: 1, seed: 3, ticks: 1, metrics: ['losses'] },
            })
          ).status,
        ),
    },
  ];
}

// Long bodies (issue 23's event loop, docs/api.md "Where it runs"): each close to the 1 MiB limit.
const junkAgents = Array.from({ length: 10_000 }, () => Object.fromEntries('abcdefghijklm'.split('').map((key) => [key, 0])));
const unknownKeys: Record<string, number> = { ticks: 1 };
for (let k = 0; k < 90_000; k++) unknownKeys[`k${k}`] = 0;
const largeScenario = {
  seed: 1,
  agents: Array.from({ length: 10_000 }, (_, i) => ({
    id: `c${i}`,
    marker: { x: ((i * 7) % 127) + 0.5, y: ((i * 13) % 127) + 0.25 },
    policy: { lambda: 1.5, gamma: 0.25 },
  })),
  initialState: { width: 128, height: 128, attractors: [{ id: 'a', x: 30, y: 30, depth: 4, radius: 6, capacity: 220 }] },
};

const ms = (value: number): string => `${value.toFixed(0)} ms`;
const dir = tempDir('sim-heavy-bench-');
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
  const lists = servers.map(({ name, server }) => ({ name, list: requests(server), server }));
  const count = lists[0]?.list.length ?? 0;
  for (let i = 0; i < count; i++) {
    for (const { name, list, server } of lists) {
      const request = list[i]!;
      const started = performance.now();
      let status = '';
      const waits = await healthWaits(
        server,
        request.run().then((s) => (status = s)),
      );
      console.log(
        `${name}, ${request.name} (${status}): ${ms(performance.now() - started)}; health: median ${ms(percentile(waits, 50))}, ` +
          `p99 ${ms(percentile(waits, 99))}, slowest ${ms(waits[waits.length - 1] ?? 0)} (${waits.length} polls)`,
      );
    }
  }
  console.log(`load average after: ${load()}`);
} finally {
  for (const { server } of servers) await server.stop();
  dir.remove();
}
