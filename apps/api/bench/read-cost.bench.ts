/**
 * The app's own cost of the read users feel most, `GET /v1/simulations/{id}` of a cached
 * simulation, without node's HTTP and the sockets: each server process (the real server from
 * the esbuild bundle, as `pnpm start` runs it, and the bare Hono hello-world) loads
 * `in-process-requests.mjs`, which on a signal sends the read to the server's own request
 * listener through stand-ins for node's request and response, and reports the CPU time per
 * request. Far steadier than req/s over loopback (read-path.bench.ts), which a neighbour's load
 * moves by a third; docs/operations.md, "Where the time goes". Prints the ratio of the
 * hello-world's cost to the read's (1 would be a read that costs no more than Hono's routing
 * and one JSON answer) and, with a base bundle, this tree's cost against it. Asserts nothing.
 *
 *   npx tsx apps/api/bench/read-cost.bench.ts
 *   BENCH_BASE_BUNDLE=/other/checkout/apps/api/dist/main.js …   also a base commit's bundle
 *   BENCH_ROUNDS=5 …                                             rounds of 5 × 20 000 reads (3)
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT, startServerProcess, tempDir } from '../test/support/server-process.js';
import { pinToCpu } from './pinned-load.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const baseBundle = process.env.BENCH_BASE_BUNDLE;
const here = dirname(fileURLToPath(import.meta.url));
const preload = join(here, 'in-process-requests.mjs');
const dir = tempDir('sim-read-cost-');
const targetFile = join(dir.path, 'target.json');
/** Limits nobody reaches: every read does its full work (counting included), none is refused. */
const UNLIMITED = { SIM_RATE_LIMITS_PRO: '1000000000,1000000000,1000000000', SIM_WORK_LIMITS_PRO: '1000000000000,1000000000000', READ_COST_TARGET: targetFile };

interface Measured {
  name: string;
  pid: number;
  output: () => string;
  request: { url: string; headers: Record<string, string> };
  stop: () => Promise<void>;
}

async function startHelloWorld(): Promise<Measured> {
  const child = spawn(process.execPath, ['--import', preload, '--conditions=@sim/source', '--import', 'tsx', join(here, 'hello-world-server.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, READ_COST_TARGET: targetFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('listening on') && resolve());
    child.once('exit', (code) => reject(new Error(`hello-world server exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name: 'hello-world (Hono, bare)',
    pid: child.pid!,
    output: () => output,
    request: { url: '/hello', headers: { Host: '127.0.0.1', 'User-Agent': 'read-cost' } },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function startApi(name: string, bundlePath: string | undefined, database: string): Promise<Measured> {
  const server = await startServerProcess({
    databasePath: join(dir.path, database),
    ...(bundlePath === undefined ? { entry: 'bundle' as const } : { bundlePath }),
    nodeArgs: ['--import', preload],
    env: UNLIMITED,
  });
  if (!server.apiKey) throw new Error(`${name}: the server printed no bootstrap key`);
  const created = await fetch(`${server.baseUrl}/v1/simulations`, {
    method: 'POST',
    headers: { 'X-Api-Key': server.apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ scenarioId: 'calm-equilibrium' }),
  });
  if (created.status !== 201) throw new Error(`${name}: create answered ${created.status}: ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };
  return {
    name,
    pid: server.pid,
    output: () => server.output(),
    request: { url: `/v1/simulations/${id}`, headers: { Host: '127.0.0.1', 'User-Agent': 'read-cost', 'X-Api-Key': server.apiKey } },
    stop: () => server.stop(),
  };
}

/** One measurement: five rounds of 20 000 reads in the server's process; the median round's CPU per request. */
async function measure(target: Measured): Promise<number> {
  writeFileSync(targetFile, JSON.stringify(target.request));
  const from = target.output().length;
  process.kill(target.pid, 'SIGUSR2');
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const line = target
      .output()
      .slice(from)
      .match(/READ_COST (.*)/);
    if (line === null) continue;
    const measured = JSON.parse(line[1]!) as Array<{ cpuUsPerRequest: number; statuses: Record<string, number> }>;
    const refused = measured.flatMap((round) => Object.keys(round.statuses)).filter((status) => status !== '200');
    if (refused.length > 0) throw new Error(`${target.name}: answered ${[...new Set(refused)].join(', ')}`);
    return median(measured.map((round) => round.cpuUsPerRequest));
  }
  throw new Error(`${target.name}: no READ_COST line within 2 minutes`);
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const load = (): string =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

const targets: Measured[] = [];
try {
  targets.push(await startHelloWorld(), await startApi('GET simulation, SQLite', undefined, 'read-cost.db'));
  if (baseBundle !== undefined) targets.push(await startApi('GET simulation, SQLite, base commit', baseBundle, 'base.db'));
  for (const target of targets) pinToCpu(target.pid, 0);
  console.log(`node ${process.version}; each server on CPU 0; ${rounds} rounds of 5 × 20 000 reads in process, 20 at once`);
  console.log(`load average before: ${load()}`);
  const costs = new Map<string, number[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = targets.map((_, i) => targets[(i + round) % targets.length]!);
    const line: string[] = [];
    for (const target of order) {
      const cost = await measure(target);
      costs.get(target.name)!.push(cost);
      line.push(`${target.name.replace('GET simulation, ', '')} ${cost.toFixed(2)} µs`);
    }
    console.log(`  round ${round + 1}: ${line.join('; ')}; load ${load()}`);
  }
  const [hello, api, base] = targets.map((t) => costs.get(t.name)!);
  const ratio = (of: number[], to: number[]): string => {
    const each = of.map((x, i) => to[i]! / x);
    return `${median(each).toFixed(2)} (rounds ${each.map((x) => x.toFixed(2)).join(', ')})`;
  };
  console.log('\nCPU per request of the app alone, in process (median of rounds)');
  console.log(
    `  hello-world ${median(hello!).toFixed(2)} µs; GET simulation ${median(api!).toFixed(2)} µs${base ? `; base commit ${median(base).toFixed(2)} µs` : ''}`,
  );
  console.log(`  hello-world / GET simulation      ratio ${ratio(api!, hello!)}`);
  if (base !== undefined) console.log(`  base commit / this tree           ratio ${ratio(api!, base)} (above 1: this tree costs less)`);
  console.log(`load average after: ${load()}`);
} finally {
  for (const target of targets) await target.stop();
  dir.remove();
}
