import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect } from 'vitest';
import { openStorage } from '../../../src/storage/open-storage.js';
import type { StorageHandle } from '../../../src/storage/storage-handle.js';
import { createTestPostgresDatabase } from '../../support/test-postgres-database.js';

/** A fresh, migrated database of the contract suite. */
export interface OpenedDatabase {
  storage: StorageHandle;
  /**
   * A second handle on the same database, with its own connections and stores: what another
   * instance (PostgreSQL) or the operator CLI beside the server (SQLite) opens. Closed with it.
   */
  openAnother(): Promise<StorageHandle>;
  /** The bytes of the files a SQLite database is made of; none for PostgreSQL. */
  fileContents(): Buffer[];
  /** PostgreSQL: the database's URL, for a connection of the test's own. */
  url?: string;
}

/** One database the store ports must behave the same on. */
export interface DatabaseUnderTest {
  name: 'sqlite' | 'postgresql';
  /** Opens a fresh database, closed and removed after the current test (or after the file, in beforeAll). */
  open(): Promise<OpenedDatabase>;
}

type Cleanup = () => Promise<void> | void;
/** Undone after the current test, newest first (handles close before their database goes). */
const testCleanups: Cleanup[] = [];
/** Undone after the file: what a beforeAll opened. */
const fileCleanups: Cleanup[] = [];

async function undo(list: Cleanup[]): Promise<void> {
  for (let cleanup = list.pop(); cleanup !== undefined; cleanup = list.pop()) await cleanup();
}

afterEach(() => undo(testCleanups));
afterAll(() => undo(fileCleanups));

function onCleanup(cleanup: Cleanup): void {
  (expect.getState().currentTestName === undefined ? fileCleanups : testCleanups).push(cleanup);
}

/** Opens handles on `open`, and closes them (idempotent) with the database. */
function handles(open: () => Promise<StorageHandle>): () => Promise<StorageHandle> {
  return async () => {
    const storage = await open();
    onCleanup(() => storage.close());
    return storage;
  };
}

const sqlite: DatabaseUnderTest = {
  name: 'sqlite',
  async open() {
    const dir = mkdtempSync(join(tmpdir(), 'sim-contract-'));
    onCleanup(() => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, 'sim.db');
    const open = handles(() => openStorage({ kind: 'sqlite', path }));
    return {
      storage: await open(),
      openAnother: open,
      fileContents: () => readdirSync(dir).map((file) => readFileSync(join(dir, file))),
    };
  },
};

/**
 * One database per test file, migrated once and then copied for each test: a copy costs a tenth
 * of migrating anew. Migrating an empty database has tests of its own (migrations.contract.test.ts).
 */
let migratedTemplate: Promise<string> | undefined;

function postgresTemplate(): Promise<string> {
  return (migratedTemplate ??= (async () => {
    const template = await createTestPostgresDatabase();
    fileCleanups.push(() => template.drop());
    const storage = await openStorage({ kind: 'postgres', url: template.url, poolSize: 1 });
    await storage.close();
    return template.name;
  })());
}

const postgresql: DatabaseUnderTest = {
  name: 'postgresql',
  async open() {
    const database = await createTestPostgresDatabase({ template: await postgresTemplate() });
    onCleanup(() => database.drop());
    const open = handles(() => openStorage({ kind: 'postgres', url: database.url, poolSize: 4 }));
    return { storage: await open(), openAnother: open, fileContents: () => [], url: database.url };
  },
};

/** Every database the contract suite runs on: `describe.each(DATABASES)('$name', …)`. */
export const DATABASES: readonly DatabaseUnderTest[] = [sqlite, postgresql];

/**
 * The databases several server processes may share (not SQLite, which one process owns): where
 * two handles writing at once stand for two instances.
 */
export const SHARED_DATABASES: readonly DatabaseUnderTest[] = [postgresql];

/** SQLite reads other connections' commits from the next turn of the event loop (its read caches). */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
