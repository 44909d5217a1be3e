import { join } from 'node:path';
import { afterAll } from 'vitest';
import { tempDir, type ServerProcess } from './server-process.js';

/**
 * The database file a crash test's servers share (one killed, the next started on it), and
 * the list to push each started server to: after the file's tests every one is killed and the
 * folder removed.
 */
export function crashDatabase(prefix: string): { databasePath: string; servers: ServerProcess[] } {
  const dir = tempDir(prefix);
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.kill();
    dir.remove();
  });
  return { databasePath: join(dir.path, 'sim.db'), servers };
}

/** One request with an API key and a JSON body (if any), and its status and parsed JSON answer. */
export async function callJson(server: ServerProcess, key: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}
