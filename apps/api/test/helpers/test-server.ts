import { serve, type ServerType } from '@hono/node-server';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/app.js';
import type { AppDeps } from '../../src/app-deps.js';
import { InProcessEventBus } from '../../src/simulations/event-bus.js';
import { openSqlite } from '../../src/storage/sqlite/open-sqlite.js';
import type { StorageHandle } from '../../src/storage/storage-handle.js';
import { validatingFetch } from '../support/openapi-response-validator.js';
import { appDeps } from './app-deps.js';
import { requestInit, type CallOptions } from './request-init.js';
import { createTestAuthenticator } from './test-authenticator.js';

export { FIXTURE_SCENARIOS } from './app-deps.js';
export type { CallOptions } from './request-init.js';

export interface TestServer {
  baseUrl: string;
  storage: StorageHandle;
  /** The SQLite file the server stores in. */
  databasePath: string;
  events: InProcessEventBus;
  /** fetch against the server; `key` sends X-Api-Key, `bearer` sends Authorization; objects are sent as JSON. */
  call(path: string, options?: CallOptions): Promise<Response>;
  close(): Promise<void>;
}

/** A real HTTP server on a random port around a fresh SQLite file and the fixture scenarios. */
export async function startTestServer(overrides: Partial<AppDeps> = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'sim-api-'));
  const databasePath = join(dir, 'test.db');
  const storage = await openSqlite(databasePath);
  const events = new InProcessEventBus();
  const app = createApp(appDeps(storage, { authenticator: createTestAuthenticator(), events, ...overrides }));
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  // Every response a test receives is checked against the server's own /v1/openapi.json.
  const api = validatingFetch(baseUrl);
  return {
    baseUrl,
    storage,
    databasePath,
    events,
    call: (path, options) => api(path, requestInit(options)),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Reads an NDJSON body line by line (every line must be complete JSON). */
export async function readNdjson(res: Response): Promise<unknown[]> {
  const text = await res.text();
  expectTrailingNewline(text);
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);
}

function expectTrailingNewline(text: string): void {
  if (text !== '' && !text.endsWith('\n')) throw new Error('NDJSON body does not end with a newline');
}
