import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PNPM_COMMAND } from '../../src/lib/operator-command.js';
import { REPO_ROOT, spawnServerProcess, startServerProcess, tempDir } from '../support/server-process.js';

const dir = tempDir('sim-ctrl-c-');
afterAll(() => dir.remove());

/** What pnpm (or npm) prints when a script ends by a signal or with a non-zero code. */
const PACKAGE_MANAGER_ERROR = /ELIFECYCLE|ERR_PNPM|Command failed/;

// Each test starts a server process: seconds on a loaded machine, beyond vitest's default 5 s.
describe('Ctrl-C stops the server cleanly', () => {
  it('the server process exits with code 0 on SIGINT, after its graceful shutdown', async () => {
    const server = await startServerProcess({ databasePath: join(dir.path, 'server.db'), env: { SIM_BOOTSTRAP: 'false' } });
    await server.interrupt();
    expect(server.child.signalCode).toBeNull();
    expect(server.child.exitCode).toBe(0);
    expect(server.output()).toMatch(/SIGINT: stopping[\s\S]*stopped/);
  }, 30_000);

  it('a SIGINT while the server is still starting also ends in the graceful shutdown and code 0', async () => {
    const server = spawnServerProcess({ databasePath: join(dir.path, 'starting.db'), env: { SIM_BOOTSTRAP: 'false' } });
    // Printed once the database is open, before the routes are built and the port is bound.
    await server.waitForOutput(/database: sqlite/);
    await server.interrupt();
    expect(server.child.signalCode).toBeNull();
    expect(server.child.exitCode).toBe(0);
    expect(server.output()).toMatch(/SIGINT: stopping[\s\S]*stopped/);
  }, 30_000);

  it('`npx -y pnpm@… start` interrupted as a terminal does (SIGINT to the process group) prints no package-manager error', async () => {
    // The README's start command, in a process group of its own as a shell runs a foreground job.
    const [npx = 'npx', ...args] = `${PNPM_COMMAND} start`.split(' ');
    const child = spawn(npx, args, {
      cwd: REPO_ROOT,
      detached: true,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        HOST: '127.0.0.1',
        PORT: '0',
        DATABASE_URL: `file:${join(dir.path, 'start.db')}`,
        SIM_BOOTSTRAP: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const listening = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no listening line within 60 s:\n${output}`)), 60_000);
      const onData = (chunk: Buffer): void => {
        output += chunk.toString();
        if (/listening on http/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
    });
    const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal })),
    );
    try {
      await listening;
    } finally {
      process.kill(-child.pid!, 'SIGINT');
    }
    const exit = await closed;

    // The server gets the terminal's SIGINT and, from pnpm passing the interrupt on to the
    // command it runs, a SIGTERM: which it handles first is a race (seen once in CI, under load).
    // Either way it must stop cleanly, once.
    expect(output).toMatch(/SIG(INT|TERM): stopping[\s\S]*stopped/);
    expect(output).not.toMatch(PACKAGE_MANAGER_ERROR);
    // pnpm itself exits 0. npx (npm exec), which got the same SIGINT, then ends by that signal
    // without a word: a shell shows status 130 (128 + SIGINT), as after any command stopped
    // with Ctrl-C.
    expect(exit.code === 0 || exit.signal === 'SIGINT', JSON.stringify(exit)).toBe(true);
  }, 90_000);
});
