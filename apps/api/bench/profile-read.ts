/**
 * Where the time of a cached read goes: starts the real server (the esbuild bundle, as `pnpm
 * start` runs it) under `node --cpu-prof`, pinned to CPU 0, creates one simulation, and loads
 * `GET /v1/simulations/{id}` with autocannon pinned to CPU 1 (a process of its own, so the load
 * generator's work is not in the profile). Then prints the profile's top frames by self time and
 * the share of its own middleware chain (docs/operations.md, "Where the time goes").
 *
 *   npx tsx apps/api/bench/profile-read.ts                     SQLite
 *   PROFILE_DATABASE=postgres npx tsx apps/api/bench/profile-read.ts   embedded PostgreSQL
 *   PROFILE_SECONDS=10 PROFILE_KEEP=1 …                        longer; keep the .cpuprofile
 *
 * Not a `*.bench.ts`: `pnpm bench` does not run it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, startServerProcess, tempDir } from '../test/support/server-process.js';
import { createPostgresDatabase, startTestPostgresServer, type TestPostgresServer } from '../test/support/test-postgres-server.js';

const seconds = Number(process.env.PROFILE_SECONDS ?? 6);
const connections = Number(process.env.PROFILE_CONNECTIONS ?? 20);
const onPostgres = process.env.PROFILE_DATABASE === 'postgres';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** `taskset` where the machine has it and two CPUs or more; otherwise nothing is pinned. */
const canPin = cpus().length >= 2 && spawnSync('taskset', ['-V']).status === 0;
const pin = (pid: number, cpu: number): void => {
  if (canPin) spawnSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
};

/** autocannon in a process of its own, pinned to CPU 1; resolves with its JSON result. */
function loadFromAnotherProcess(
  url: string,
  headers: Record<string, string>,
  duration: number,
): Promise<{ requests: { average: number; total: number }; non2xx: number }> {
  const args = [join(REPO_ROOT, 'node_modules/autocannon/autocannon.js'), '--json', '-c', String(connections), '-d', String(duration)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(url);
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  pin(child.pid!, 1);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as never) : reject(new Error(`autocannon exited with ${code}`))));
  });
}

function summarize(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i]!, (self.get(profile.samples[i]!) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self].filter(([id]) => byId.get(id)!.callFrame.functionName === '(idle)').reduce((a, [, t]) => a + t, 0);
  const busy = total - idle;
  const label = (node: ProfileNode): string => {
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url
      .replace(/^file:\/\//, '')
      .replace(`${REPO_ROOT}/`, '')
      .replace(/.*node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?/, '');
    return `${functionName || '(anonymous)'} ${file ? `${file}:${lineNumber + 1}` : ''}`.trim();
  };
  const selfByLabel = new Map<string, number>();
  for (const [id, time] of self) {
    const key = label(byId.get(id)!);
    selfByLabel.set(key, (selfByLabel.get(key) ?? 0) + time);
  }
  // Inclusive time: a frame counts every sample under it once (recursion not double counted).
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  for (const [id, time] of self) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const key = label(byId.get(at)!);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + time);
    }
  }
  const pct = (t: number): string => `${((100 * t) / busy).toFixed(1).padStart(5)} %`;
  console.log(`\nprofile: ${(total / 1e6).toFixed(1)} s sampled, ${((100 * busy) / total).toFixed(0)} % busy; shares below are of the busy time`);
  console.log('\ntop frames by self time');
  for (const [key, time] of [...selfByLabel]
    .filter(([k]) => !k.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25))
    console.log(`  ${pct(time)}  ${key}`);
  console.log('\ntop frames by inclusive time (own code and the framework)');
  for (const [key, time] of [...inclusive]
    .filter(([k]) => !/^\((root|program|idle|garbage collector)\)/.test(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30))
    console.log(`  ${pct(time)}  ${key}`);
  for (const name of ['(garbage collector)', '(program)']) console.log(`  ${pct(selfByLabel.get(name) ?? 0)}  ${name}`);
}

const dir = tempDir('sim-profile-read-');
let postgres: TestPostgresServer | undefined;
try {
  const env: Record<string, string> = { SIM_RATE_LIMITS_PRO: '1000000000,1000000000,1000000000', SIM_WORK_LIMITS_PRO: '1000000000000,1000000000000' };
  if (onPostgres) {
    postgres = await startTestPostgresServer();
    env.DATABASE_URL = (await createPostgresDatabase(postgres.adminUrl)).url;
  }
  const server = await startServerProcess({
    databasePath: join(dir.path, 'profile.db'),
    entry: 'bundle',
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir.path}`],
    env,
  });
  pin(server.pid, 0);
  const auth = { 'X-Api-Key': server.apiKey ?? '' };
  const created = await fetch(`${server.baseUrl}/v1/simulations`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ scenarioId: 'calm-equilibrium' }),
  });
  const { id } = (await created.json()) as { id: string };
  const url = `${server.baseUrl}/v1/simulations/${id}`;
  const body = await (await fetch(url, { headers: auth })).arrayBuffer();
  console.log(
    `GET ${url.replace(server.baseUrl, '')} (${body.byteLength} B) on ${onPostgres ? 'PostgreSQL' : 'SQLite'}, ${connections} connections, ${seconds} s${canPin ? ', server on CPU 0, load on CPU 1' : ''}`,
  );
  await loadFromAnotherProcess(url, auth, 2);
  const result = await loadFromAnotherProcess(url, auth, seconds);
  console.log(`  ${result.requests.average.toFixed(0)} req/s, non-2xx ${result.non2xx}`);
  await server.stop();
  const file = readdirSync(dir.path).find((name) => name.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error('the server wrote no .cpuprofile');
  summarize(JSON.parse(readFileSync(join(dir.path, file), 'utf8')) as CpuProfile);
  if (process.env.PROFILE_KEEP) console.log(`\nprofile kept at ${join(dir.path, file)}`);
} finally {
  await postgres?.stop();
  if (!process.env.PROFILE_KEEP) dir.remove();
}
