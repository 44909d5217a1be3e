import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAIN = resolve(REPO_ROOT, 'apps/api/src/main.ts');
const BUILD_SCRIPT = resolve(REPO_ROOT, 'apps/api/scripts/build.mjs');
const BUNDLE = resolve(REPO_ROOT, 'apps/api/dist/main.js');

/** What every bundle was run with before the start script named more. */
const SOURCE_MAPS = ['--enable-source-maps'];

/** How `pnpm start` runs a checkout's bundle: node's flags, and variables the script sets for it. */
export interface StartCommand {
  flags: string[];
  /** `NAME=value` or `NAME=${NAME:-value}` before `exec node`: the value (the caller's environment here has none of them). */
  env: Record<string, string>;
}

/**
 * How `pnpm start` runs a checkout's bundle, read from the start script of that checkout's
 * apps/api/package.json (`apiDir`): a benchmark measures the server as it is deployed, and a
 * base commit's bundle with that commit's flags and variables (the C allocator's, for one).
 * `--enable-source-maps` alone, no variables, when there is no such file or its script names
 * no `node [--flags] dist/main.js`.
 */
export function startCommand(apiDir: string): StartCommand {
  const file = join(apiDir, 'package.json');
  if (!existsSync(file)) return { flags: SOURCE_MAPS, env: {} };
  const start = (JSON.parse(readFileSync(file, 'utf8')) as { scripts?: { start?: unknown } }).scripts?.start;
  const match = typeof start === 'string' ? /((?:\w+=\S+ )*)(?:exec )?\bnode ((?:--\S+ )*)(?:\.\/)?dist\/main\.js/.exec(start) : null;
  if (match === null) return { flags: SOURCE_MAPS, env: {} };
  const env: Record<string, string> = {};
  for (const assignment of (match[1] as string).split(' ').filter((word) => word !== '')) {
    const [, name, value] = /^(\w+)=(.*)$/.exec(assignment) as RegExpExecArray;
    env[name as string] = /^\$\{\w+:-(.*)\}$/.exec(value as string)?.[1] ?? (value as string);
  }
  return { flags: (match[2] as string).split(' ').filter((flag) => flag !== ''), env };
}

/** Whether this process already built the bundle: one build serves every server it starts. */
let bundleBuilt = false;

/**
 * The node arguments that run the server: the TypeScript sources through tsx (tests: no build
 * step to depend on), or the esbuild bundle exactly as `pnpm start` runs it (benchmarks: they
 * measure what is deployed), built first from the current sources.
 */
function entryArgs(entry: 'source' | 'bundle', nodeArgs: readonly string[]): { args: string[]; env: Record<string, string> } {
  if (entry === 'source') return { args: [...nodeArgs, '--conditions=@sim/source', '--import', 'tsx', MAIN], env: {} };
  if (!bundleBuilt) {
    execFileSync(process.execPath, [BUILD_SCRIPT], { cwd: REPO_ROOT, stdio: 'inherit' });
    bundleBuilt = true;
  }
  return bundleArgs(BUNDLE, nodeArgs);
}

/** A bundle run as its checkout's `pnpm start` runs it (startCommand), `nodeArgs` after its flags. */
function bundleArgs(bundle: string, nodeArgs: readonly string[]): { args: string[]; env: Record<string, string> } {
  const { flags, env } = startCommand(resolve(bundle, '../..'));
  return { args: [...flags, ...nodeArgs, bundle], env };
}

/** A server process that was spawned, whether or not it is listening yet. */
export interface SpawnedServer {
  pid: number;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr interleaved). */
  output(): string;
  /** Waits (bounded) for the output to match, as for a line printed after the listening line. */
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** SIGKILL: no shutdown hook runs, as in a crash or an OOM kill. */
  kill(): Promise<void>;
  /** SIGTERM and wait for exit (graceful shutdown). */
  stop(): Promise<void>;
  /** SIGINT, as Ctrl-C in a terminal sends, and wait for exit (graceful shutdown). */
  interrupt(): Promise<void>;
}

export interface ServerProcess extends SpawnedServer {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  port: number;
  /** The bootstrap key from the first-start banner; undefined when the database was not empty. */
  apiKey: string | undefined;
}

export interface StartServerOptions {
  /** SQLite file; a fresh temp file when omitted (and `env` names no DATABASE_URL). */
  databasePath?: string;
  /** Added to the server's environment; `DATABASE_URL: createTestPostgresDatabase()'s url` runs it on PostgreSQL. */
  env?: Record<string, string>;
  /** Extra node flags before the entry, after a bundle's start flags, so that they win (`--cpu-prof`, `--max-semi-space-size=…`). */
  nodeArgs?: string[];
  /** How long to wait for the `listening on` line. */
  timeoutMs?: number;
  /**
   * `source` (default): `node --import tsx apps/api/src/main.ts`. `bundle`: builds
   * apps/api/dist/main.js and runs it with plain node, as `pnpm start` does.
   */
  entry?: 'source' | 'bundle';
  /**
   * A bundle built in another checkout (its `apps/api/dist/main.js`), run as it is with that
   * checkout as the working folder and that checkout's start flags and variables (startCommand): benchmarks
   * compare this tree against a base commit.
   */
  bundlePath?: string;
}

/** A temp directory removed by the returned function. */
export function tempDir(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/**
 * Spawns the real server (`node --import tsx apps/api/src/main.ts`, or with `entry: 'bundle'` the
 * built bundle `pnpm start` runs) on a port the OS picks (PORT=0), without waiting for it.
 */
export function spawnServerProcess(options: StartServerOptions = {}): SpawnedServer {
  const databaseUrl = options.env?.DATABASE_URL ?? `file:${options.databasePath ?? join(tempDir('sim-server-').path, 'sim.db')}`;
  const nodeArgs = options.nodeArgs ?? [];
  const { args, env: startEnv } = options.bundlePath === undefined ? entryArgs(options.entry ?? 'source', nodeArgs) : bundleArgs(options.bundlePath, nodeArgs);
  const child = spawn(process.execPath, args, {
    cwd: options.bundlePath === undefined ? REPO_ROOT : resolve(options.bundlePath, '../../../..'),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...startEnv,
      HOST: '127.0.0.1',
      PORT: '0',
      ...options.env,
      DATABASE_URL: databaseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer): void => {
    output += chunk.toString();
    for (const wake of waiters) wake();
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

  // Resolves with the first match of `pattern` in the output, or fails on exit or timeout.
  const waitFor = (pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> =>
    new Promise((done, fail) => {
      const check = (): void => {
        const match = output.match(pattern);
        if (match) finish(() => done(match));
      };
      const timer = setTimeout(() => finish(() => fail(new Error(`server did not print ${pattern} within ${timeoutMs} ms; output:\n${output}`))), timeoutMs);
      const finish = (then: () => void): void => {
        clearTimeout(timer);
        waiters.delete(check);
        then();
      };
      waiters.add(check);
      exited.then((code) => finish(() => fail(new Error(`server exited with code ${code} before printing ${pattern}; output:\n${output}`)))).catch(fail);
      check();
    });

  const signal = async (name: NodeJS.Signals): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(name);
    await exited;
  };
  return {
    pid: child.pid!,
    child,
    output: () => output,
    waitForOutput: (pattern, waitMs = options.timeoutMs ?? 20_000) => waitFor(pattern, waitMs),
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
    interrupt: () => signal('SIGINT'),
  };
}

/**
 * Starts the real server (see spawnServerProcess) and reads the port back from its
 * `listening on` line. On an empty database the first-start banner prints the bootstrap key,
 * which is returned for the test to use.
 */
export async function startServerProcess(options: StartServerOptions = {}): Promise<ServerProcess> {
  const server = spawnServerProcess(options);
  const listening = await server.waitForOutput(/listening on http:\/\/[^\s:]+:(\d+)/);
  const port = Number(listening[1]);
  // The banner follows the listening line on first start only; a short wait tells the two apart.
  const banner = await server.waitForOutput(/API key: (sim_[A-Za-z0-9]+)/, 1_500).catch(() => undefined);
  return { ...server, baseUrl: `http://127.0.0.1:${port}`, port, apiKey: banner?.[1] };
}

/**
 * Runs the operator CLI (`npx -y pnpm@10.34.9 sim …`) on a database and returns its `--json`
 * output. `database`: an SQLite file's path, or a `postgres://` URL.
 */
export function runCliJson(database: string, args: string[], root = REPO_ROOT): unknown {
  const databaseUrl = /^postgres(ql)?:\/\//.test(database) ? database : `file:${database}`;
  const result = spawnSync(process.execPath, ['--conditions=@sim/source', '--import', 'tsx', join(root, 'apps/api/src/cli/main.ts'), ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as unknown;
}
