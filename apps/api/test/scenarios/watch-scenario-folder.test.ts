import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../src/lib/logger.js';
import { watchScenarioFolder, type ScenarioFolderWatch } from '../../src/scenarios/watch-scenario-folder.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { tempDir } from '../support/server-process.js';
import { validScenarioText, writeScenario } from './scenario-folder-fixtures.js';

/** How long a change may take to reach the API: the debounce plus a generous margin for a busy machine. */
const BOUNDED_WAIT_MS = 5_000;

const folder = tempDir('sim-watch-');
const logged: string[] = [];
const logger: Logger = { info: (m) => void logged.push(m), warn: (m) => void logged.push(m), error: (m) => void logged.push(m) };
let watch: ScenarioFolderWatch;
let server: TestServer;

beforeAll(async () => {
  writeScenario(folder.path, 'first.json', validScenarioText('first'));
  watch = watchScenarioFolder(folder.path, logger, { debounceMs: 50 });
  server = await startTestServer({ scenarios: watch.catalog });
});
afterAll(async () => {
  watch.close();
  await server.close();
  folder.remove();
});

/** GET /v1/scenarios, as a map of id → label. */
async function listed(): Promise<Record<string, string>> {
  const body = (await (await server.call('/v1/scenarios')).json()) as { data: { id: string; label: string }[] };
  return Object.fromEntries(body.data.map((s) => [s.id, s.label]));
}

/** Polls GET /v1/scenarios until `expected` holds, or fails after BOUNDED_WAIT_MS with what it saw. */
async function eventuallyListed(expected: (list: Record<string, string>) => boolean): Promise<Record<string, string>> {
  const deadline = Date.now() + BOUNDED_WAIT_MS;
  let list = await listed();
  while (!expected(list)) {
    if (Date.now() > deadline) throw new Error(`GET /v1/scenarios still lists ${JSON.stringify(list)} after ${BOUNDED_WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
    list = await listed();
  }
  return list;
}

describe('the scenarios folder is watched while the server runs', () => {
  it('serves an added file, then its change, and forgets it when removed', async () => {
    expect(await listed()).toEqual({ first: 'Short-lived' });
    expect(watch.status()).toEqual({ served: 1, refused: 0, watching: true });

    writeScenario(folder.path, 'second.json', validScenarioText('second', { label: 'Second' }));
    expect(await eventuallyListed((l) => 'second' in l)).toEqual({ first: 'Short-lived', second: 'Second' });
    const full = (await (await server.call('/v1/scenarios/second')).json()) as { agents: unknown[] };
    expect(full.agents).toHaveLength(1);

    writeScenario(folder.path, 'second.json', validScenarioText('second', { label: 'Second, renamed' }));
    await eventuallyListed((l) => l.second === 'Second, renamed');

    rmSync(join(folder.path, 'second.json'));
    expect(await eventuallyListed((l) => !('second' in l))).toEqual({ first: 'Short-lived' });
    expect((await server.call('/v1/scenarios/second')).status).toBe(404);
    expect(logged).toEqual(expect.arrayContaining(['scenario second.json added: second', 'scenario second.json changed: second', 'scenario second.json removed: second']));
  });

  it('keeps the last valid version of a file that becomes invalid, logs why, and never serves a file that was never valid', async () => {
    writeScenario(folder.path, 'first.json', '{ "id": "first", "label": ');
    writeScenario(folder.path, 'never.json', validScenarioText('not-never'));
    // A marker file written last: once it is served, the two above were read too.
    writeScenario(folder.path, 'marker.json', validScenarioText('marker'));
    expect(await eventuallyListed((l) => 'marker' in l)).toEqual({ first: 'Short-lived', marker: 'Short-lived' });
    expect(logged.some((m) => m.startsWith('scenario first.json is invalid; still serving its last valid version: (file): not valid JSON'))).toBe(true);
    expect(logged.some((m) => m.startsWith('scenario never.json skipped: id: "not-never" differs from the file name'))).toBe(true);
    expect(watch.status()).toEqual({ served: 2, refused: 1, watching: true });

    // Fixed again: the new version replaces the kept one.
    writeScenario(folder.path, 'first.json', validScenarioText('first', { label: 'First, fixed' }));
    await eventuallyListed((l) => l.first === 'First, fixed');
  });

  it('stops following the folder once closed', async () => {
    const other = tempDir('sim-watch-closed-');
    try {
      const closed = watchScenarioFolder(other.path, logger, { debounceMs: 10 });
      closed.close();
      expect(closed.status().watching).toBe(false);
      writeScenario(other.path, 'late.json', validScenarioText('late'));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(closed.catalog.list()).toEqual([]);
      closed.reload();
      expect(closed.catalog.list().map((s) => s.id)).toEqual(['late']);
    } finally {
      other.remove();
    }
  });
});
