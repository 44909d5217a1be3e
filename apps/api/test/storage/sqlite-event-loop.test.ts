import BetterSqlite3 from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonEvent, storedEventOf, type NewEvent } from '../../src/simulations/simulation-store.js';
import { openSqlite } from '../../src/storage/sqlite/open-sqlite.js';
import { WalCheckpoints } from '../../src/storage/sqlite/wal-checkpoints.js';
import type { StorageHandle } from '../../src/storage/storage-handle.js';
import { newSimulation, noChanges, stepUpdate } from './contract/simulation-fixtures.js';

// SQLite's driver runs every statement on the event loop: what keeps a long write from holding
// it (docs/operations.md, "SQLite and the event loop").

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sim-loop-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function tempStorage(): Promise<{ storage: StorageHandle; file: string }> {
  const file = join(tempDir(), 'test.db');
  const storage = await openSqlite(file);
  cleanups.push(() => storage.close());
  return { storage, file };
}

/** `count` warning events of about a kilobyte each, as a long step of a busy world stores. */
const manyEvents = (count: number): NewEvent[] =>
  Array.from({ length: count }, (_, i) => ({ type: 'warning' as const, tick: 1 + (i % 5), data: { tick: 1 + (i % 5), note: 'x'.repeat(1_000), i } }));

describe('a long write on SQLite', () => {
  it('lets the event loop turn between its statements, and stores every row', async () => {
    const { storage } = await tempStorage();
    const created = newSimulation();
    await storage.simulations.create(created, noChanges(created.createdAt));
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    let stored;
    try {
      stored = await storage.simulations.update({ ...stepUpdate(created.id, 1, 5), events: manyEvents(20_000) });
    } finally {
      clearInterval(counting);
    }
    expect(stored).toHaveLength(20_000);
    // Before, the whole transaction ran in one turn: the interval never fired while it did.
    expect(turns).toBeGreaterThanOrEqual(2);
    const page = await storage.simulations.listEvents(created.id, 19_990, 100);
    expect(page.map((event) => event.seq)).toEqual(Array.from({ length: 10 }, (_, i) => 19_991 + i));
  });

  it('does not hold health: ping answers while a transaction holds the connection', async () => {
    const { storage } = await tempStorage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = storage.db.transaction().execute(async () => held);
    // Let the transaction begin and take Kysely's one connection.
    await new Promise((resolve) => setImmediate(resolve));
    const answer = await Promise.race([storage.simulations.ping(), new Promise((resolve) => setTimeout(() => resolve('waited'), 1_000))]);
    release();
    await transaction;
    expect(answer).toBe(true);
  });
});

describe('the write-ahead log of the server connection', () => {
  it('is not checkpointed by the committing connection', async () => {
    const { storage, file } = await tempStorage();
    const created = newSimulation();
    await storage.simulations.create(created, noChanges(created.createdAt));
    await storage.simulations.update({ ...stepUpdate(created.id, 1, 5), events: manyEvents(8_000) });
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(4 * 1024 * 1024);
    // By default the commit past 1 000 pages would have copied the log into the database file.
    expect(statSync(file).size).toBeLessThan(1024 * 1024);
  });

  it('starts the thread past the threshold, and it copies the log', async () => {
    const dir = tempDir();
    const file = join(dir, 'alone.db');
    const db = new BetterSqlite3(file);
    db.pragma('journal_mode = WAL');
    cleanups.push(() => {
      db.close();
    });
    const pages: number[] = [];
    const warned: string[] = [];
    const logger = { info: () => {}, warn: (message: string) => void warned.push(message), error: (message: string) => void warned.push(message) };
    const checkpoints = new WalCheckpoints(file, (n) => pages.push(db.pragma(`wal_autocheckpoint = ${n}`, { simple: true }) as number), logger, 20);
    cleanups.push(() => checkpoints.close());
    expect(pages).toHaveLength(1);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    db.exec('create table t (v text)');
    const insert = db.prepare('insert into t values (?)');
    db.transaction(() => {
      for (let i = 0; i < 500; i++) insert.run('y'.repeat(1_000));
    })();
    const before = statSync(file).size;
    checkpoints.look(1);
    for (let i = 0; i < 200 && checkpoints.checkpoints === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(checkpoints.checkpoints).toBeGreaterThanOrEqual(1);
    // A checkpoint that copied is no failure: nothing is logged (each was a warning for a while).
    expect(checkpoints.restarts).toBe(0);
    expect(warned).toEqual([]);
    // The 500 rows of about 1 KB each are in the database file now, not only in the log.
    expect(statSync(file).size - before).toBeGreaterThan(400_000);
  });

  it('starts the log over when writers never pause, so that it stays bounded', async () => {
    const file = join(tempDir(), 'busy.db');
    const db = new BetterSqlite3(file);
    db.pragma('journal_mode = WAL');
    db.pragma('journal_size_limit = 1048576');
    cleanups.push(() => {
      db.close();
    });
    const warned: string[] = [];
    const logger = { info: () => {}, warn: (message: string) => void warned.push(message), error: (message: string) => void warned.push(message) };
    const checkpoints = new WalCheckpoints(file, (n) => db.pragma(`wal_autocheckpoint = ${n}`), logger, 20, 2 * 1024 * 1024);
    cleanups.push(() => checkpoints.close());
    db.exec('create table t (id integer primary key, v blob)');
    db.prepare('insert into t values (1, ?)').run(Buffer.alloc(200_000));
    const rewrite = db.prepare('update t set v = ? where id = 1');
    checkpoints.look(1);
    // A row rewritten again and again, as decrees rewrite a simulation's snapshot.
    let written = 0;
    let largest = 0;
    const started = Date.now();
    for (let i = 0; written < 64 * 1024 * 1024 || checkpoints.restarts === 0; i++) {
      if (Date.now() - started > 20_000) break;
      rewrite.run(Buffer.alloc(200_000, i % 251));
      written += 200_000;
      await new Promise((resolve) => setTimeout(resolve, 1));
      largest = Math.max(largest, statSync(`${file}-wal`).size);
    }
    expect(checkpoints.restarts).toBeGreaterThanOrEqual(1);
    expect(warned).toEqual([]);
    // Without the restart the log holds every rewrite: it grows as long as they go on. With it,
    // the bound (2 MiB) and what the writers add before the thread's next look (under 12 MB
    // alone, 14.3 MB beside a whole test suite).
    expect(written).toBeGreaterThanOrEqual(64 * 1024 * 1024);
    expect(largest).toBeLessThan(written / 3);
  });

  it('falls back to checkpoints on the server connection when its thread fails', async () => {
    const dir = tempDir();
    // A folder where the database should be: the thread cannot open it.
    const path = join(dir, 'not-a-file');
    mkdirSync(path);
    writeFileSync(`${path}-wal`, Buffer.alloc(1024));
    const asked: number[] = [];
    const checkpoints = new WalCheckpoints(path, (n) => asked.push(n), undefined, 20);
    cleanups.push(() => checkpoints.close());
    checkpoints.look(1);
    for (let i = 0; i < 300 && asked.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(asked).toEqual([0, 1_000]);
  });
});

describe('events handed over as JSON text', () => {
  it('are parsed only when read, and numbering them keeps them so', () => {
    const event = jsonEvent('warning', 3, '{"tick":3,"broken":');
    const stored = storedEventOf(event, { simulationId: 's', seq: 9, createdAt: 'now' });
    expect(stored).toMatchObject({ type: 'warning', tick: 3, seq: 9, simulationId: 's', dataJson: '{"tick":3,"broken":' });
    expect(() => stored.data).toThrow(SyntaxError);
    const fine = storedEventOf(jsonEvent('loss', 4, '{"tick":4,"attractor":"w"}'), { simulationId: 's', seq: 10, createdAt: 'now' });
    expect(fine.data).toEqual({ tick: 4, attractor: 'w' });
    expect(fine.data).toBe(fine.data);
  });
});
