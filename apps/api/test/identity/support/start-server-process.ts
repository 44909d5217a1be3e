import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { REPO_ROOT } from './run-cli-process.js';

const MAIN = resolve(REPO_ROOT, 'apps/api/src/main.ts');

/** A port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  /** Everything the server printed so far. */
  output: () => string;
  /**
   * Waits (bounded) for the output to match: what the server prints after it listens, such as
   * the first-start banner, may come after the listening line has been seen.
   */
  waitFor: (pattern: RegExp, timeoutMs?: number) => Promise<RegExpMatchArray>;
  stop: () => Promise<void>;
}

/** Starts the real server (src/main.ts) and resolves once it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  await new Promise<void>((resolveReady, reject) => {
    const timer = setInterval(() => {
      if (/listening on/.test(output)) {
        clearInterval(timer);
        resolveReady();
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`server exited early:\n${output}`));
      }
    }, 50);
  });
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    async waitFor(pattern, timeoutMs = 20_000) {
      for (const deadline = Date.now() + timeoutMs; ; await new Promise((wait) => setTimeout(wait, 50))) {
        const match = output.match(pattern);
        if (match) return match;
        if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not print ${pattern}; output:\n${output}`);
      }
    },
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
