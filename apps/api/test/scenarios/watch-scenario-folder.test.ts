import { rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../src/lib/logger.js';
import { MAX_SCENARIO_FILE_BYTES } from '../../src/scenarios/read-scenario-file.js';
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

describe('a file that cannot be served takes nothing else down', () => {
  it('a whole that is not an object, or a file past the size bound, is skipped alone, with the reason', () => {
    const other = tempDir('sim-watch-whole-');
    const seen: string[] = [];
    const quiet: Logger = { info: (m) => void seen.push(m), warn: (m) => void seen.push(m), error: (m) => void seen.push(m) };
    try {
      writeScenario(other.path, 'array.json', '[]');
      writeScenario(other.path, 'fine.json', validScenarioText('fine'));
      // Spaces around an object: valid JSON, but one byte past the bound, so never parsed.
      writeFileSync(join(other.path, 'whale.json'), `{}${' '.repeat(MAX_SCENARIO_FILE_BYTES - 1)}`);
      const folderWatch = watchScenarioFolder(other.path, quiet, { watch: false });
      expect(folderWatch.catalog.list().map((s) => s.id)).toEqual(['fine']);
      expect(folderWatch.status()).toEqual({ served: 1, refused: 2, watching: false });
      expect(seen).toContain('scenario array.json skipped: (file): Invalid input: expected object, received array');
      expect(seen).toContain(`scenario whale.json skipped: (file): ${MAX_SCENARIO_FILE_BYTES + 1} bytes, more than the ${MAX_SCENARIO_FILE_BYTES} a scenario file may hold: not read`);
    } finally {
      other.remove();
    }
  });

  it('a rescan reads again only the files whose size or modification time changed', () => {
    const other = tempDir('sim-watch-stamps-');
    try {
      // A whole second, which every file system keeps exactly.
      const stamp = new Date('2026-01-01T00:00:00Z');
      const path = writeScenario(other.path, 'kept.json', validScenarioText('kept', { label: 'Label A' }));
      utimesSync(path, stamp, stamp);
      const folderWatch = watchScenarioFolder(other.path, logger, { watch: false });
      expect(folderWatch.catalog.get('kept')?.label).toBe('Label A');
      // The same length and the same modification time: taken as unchanged, so not read.
      writeScenario(other.path, 'kept.json', validScenarioText('kept', { label: 'Label B' }));
      utimesSync(path, stamp, stamp);
      expect(statSync(path).mtimeMs).toBe(stamp.getTime());
      folderWatch.reload();
      expect(folderWatch.catalog.get('kept')?.label).toBe('Label A');
      // Touched: read again.
      utimesSync(path, stamp, new Date(stamp.getTime() + 1_000));
      folderWatch.reload();
      expect(folderWatch.catalog.get('kept')?.label).toBe('Label B');
    } finally {
      other.remove();
    }
  });
});
