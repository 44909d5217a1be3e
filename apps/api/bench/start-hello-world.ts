import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../test/support/server-process.js';

export interface HelloWorld {
  /** The one route, `/hello`, as a full URL. */
  url: string;
  pid: number;
  stop: () => void;
}

/** Starts hello-world-server.ts (the read benches' baseline) as a process of its own and waits until it listens. */
export async function startHelloWorld(): Promise<HelloWorld> {
  const child = spawn(
    process.execPath,
    ['--conditions=@sim/source', '--import', 'tsx', join(dirname(fileURLToPath(import.meta.url)), 'hello-world-server.ts')],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/listening on http:\/\/[^:]+:(\d+)/);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`hello-world server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/hello`, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}
