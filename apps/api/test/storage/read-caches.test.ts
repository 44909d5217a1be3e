import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, sql } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthenticator } from '../../src/identity/authenticator.js';
import { issueApiKey, provisionOrganization } from '../../src/identity/provisioning.js';
import type { ChangeWatch, WatchedTable } from '../../src/storage/change-watch.js';
import { createKyselyIdentityStore } from '../../src/storage/identity-store-kysely.js';
import { ReadThroughCache } from '../../src/storage/read-through-cache.js';
import { openSqlite } from '../../src/storage/sqlite/open-sqlite.js';
import { SqliteChangeWatch } from '../../src/storage/sqlite/sqlite-change-watch.js';
import type { StorageHandle } from '../../src/storage/storage-handle.js';
import { createSimulation } from '../helpers/create-simulation.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempStorage(): Promise<{ storage: StorageHandle; file: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'sim-caches-'));
  const file = join(dir, 'test.db');
  const storage = await openSqlite(file);
  cleanups.push(
    () => rmSync(dir, { recursive: true, force: true }),
    () => storage.close(),
  );
  return { storage, file };
}

/** Another process's connection to the same file, such as the CLI's. */
function otherConnection(file: string): BetterSqlite3.Database {
  const connection = new BetterSqlite3(file);
  connection.pragma('busy_timeout = 5000');
  cleanups.push(() => {
    connection.close();
  });
  return connection;
}

/** The version of other processes' commits is read once per turn of the event loop. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('SqliteChangeWatch', () => {
  it('reads leave every version alone; a write moves its own table and no other', async () => {
    const { storage } = await tempStorage();
    const changes = storage.changes!;
    const identity = createKyselyIdentityStore(storage.db);
    const before = {
      organizations: changes.version(['organizations']),
      simulations: changes.version(['simulations']),
      both: changes.version(['organizations', 'simulations']),
    };

    await identity.findOrganizationByName('acme');
    await sql`select 1`.execute(storage.db);
    expect(changes.version(['organizations'])).toBe(before.organizations);

    await provisionOrganization(identity, { name: 'acme', tier: 'free' });
    expect(changes.version(['organizations'])).toBeGreaterThan(before.organizations);
    expect(changes.version(['simulations'])).toBe(before.simulations);
    expect(changes.version(['organizations', 'simulations'])).toBeGreaterThan(before.both);
  });

  it('a write whose tables cannot be told (raw SQL) moves every version', async () => {
    const { storage } = await tempStorage();
    const changes = storage.changes!;
    const before = changes.version(['simulations']);
    await sql`update organizations set name = name`.execute(storage.db);
    expect(changes.version(['simulations'])).toBeGreaterThan(before);
    // A statement compiled elsewhere never passes the query builder; it still counts once run.
    const afterSql = changes.version(['simulations']);
    await storage.db.executeQuery(CompiledQuery.raw('update organizations set name = name'));
    expect(changes.version(['simulations'])).toBeGreaterThan(afterSql);
    const afterRaw = changes.version(['simulations']);
    await storage.db.executeQuery(CompiledQuery.raw('select 1'));
    expect(changes.version(['simulations'])).toBe(afterRaw);
  });

  it('a store given the watch of another database does not cache', async () => {
    const { storage } = await tempStorage();
    const { storage: other } = await tempStorage();
    const seed = createKyselyIdentityStore(storage.db);
    const org = await provisionOrganization(seed, { name: 'acme', tier: 'pro' });
    const { record } = await issueApiKey(seed, { organizationId: org.id, scopes: ['simulation:read'] });
    const keyHash = (await storage.db.selectFrom('api_keys').select('key_hash').where('id', '=', record.id).executeTakeFirstOrThrow()).key_hash;

    const own = createKyselyIdentityStore(storage.db, { changes: storage.changes });
    expect(await own.findApiKeyByHash(keyHash)).toBe(await own.findApiKeyByHash(keyHash));
    const miswired = createKyselyIdentityStore(storage.db, { changes: other.changes });
    expect(await miswired.findApiKeyByHash(keyHash)).not.toBe(await miswired.findApiKeyByHash(keyHash));
  });

  it('a failed data_version read is not trusted: the next call reads again', () => {
    let reads = 0;
    const watch = new SqliteChangeWatch(() => {
      reads++;
      if (reads === 2) throw new Error('database is locked');
      return 7;
    });
    expect(() => watch.version(['api_keys'])).toThrow('database is locked');
    expect(watch.version(['api_keys'])).toBe(0);
    expect(reads).toBe(3);
  });

  it("another connection's commit is seen from the next turn of the event loop", async () => {
    const { storage, file } = await tempStorage();
    const changes = storage.changes!;
    const before = changes.version(['api_keys']);
    otherConnection(file).prepare("insert into organizations (id, name, tier, created_at) values ('o1', 'other', 'free', '2026-01-01')").run();
    // Requests that arrived before the commit may still be answered in this turn.
    expect(changes.version(['api_keys'])).toBe(before);
    await nextTurn();
    expect(changes.version(['api_keys'])).toBeGreaterThan(before);
  });
});

/** A watch whose version the test moves by hand. */
function manualWatch(): ChangeWatch & { bump(): void } {
  let version = 0;
  return { version: (_tables: readonly WatchedTable[]) => version, watches: () => true, bump: () => void version++ };
}

describe('ReadThroughCache', () => {
  it('serves the same frozen value without loading until the version moves', async () => {
    const watch = manualWatch();
    const cache = new ReadThroughCache<string, { n: number; inner: { list: number[] } }>(watch, ['simulations'], 10);
    let loads = 0;
    const load = async () => ({ n: ++loads, inner: { list: [loads] } });

    const first = await cache.get('a', load);
    expect(await cache.get('a', load)).toBe(first);
    expect(loads).toBe(1);
    expect(Object.isFrozen(first) && Object.isFrozen(first?.inner) && Object.isFrozen(first?.inner.list)).toBe(true);

    watch.bump();
    expect(await cache.get('a', load)).toEqual({ n: 2, inner: { list: [2] } });
    expect(loads).toBe(2);
  });

  it('does not keep a value read while the version moved, nor an absent one', async () => {
    const watch = manualWatch();
    const cache = new ReadThroughCache<string, { n: number }>(watch, ['simulations'], 10);
    let loads = 0;
    // A write lands while the row is being read: what was read may predate it.
    await cache.get('a', async () => {
      watch.bump();
      return { n: ++loads };
    });
    await cache.get('a', async () => ({ n: ++loads }));
    expect(loads).toBe(2);

    let absentLoads = 0;
    await cache.get('missing', async () => void absentLoads++);
    await cache.get('missing', async () => void absentLoads++);
    expect(absentLoads).toBe(2);
  });

  it('holds at most `capacity` values, dropping the oldest read first', async () => {
    const cache = new ReadThroughCache<string, { key: string }>(manualWatch(), ['simulations'], 2);
    const loaded: string[] = [];
    const load = (key: string) => async () => (loaded.push(key), { key });
    for (const key of ['a', 'b', 'c', 'b', 'a']) await cache.get(key, load(key));
    expect(loaded).toEqual(['a', 'b', 'c', 'a']);
  });

  it('gives a hit at once, without a promise; a miss is a promise', async () => {
    const watch = manualWatch();
    const cache = new ReadThroughCache<string, { n: number }>(watch, ['simulations'], 10);
    const load = async () => ({ n: 1 });
    const miss = cache.get('a', load);
    expect(miss).toBeInstanceOf(Promise);
    const loaded = await miss;
    const hit = cache.get('a', load);
    expect(hit).not.toBeInstanceOf(Promise);
    expect(hit).toBe(loaded);
    watch.bump();
    expect(cache.get('a', load)).toBeInstanceOf(Promise);
  });

  it('caches nothing without a watch', async () => {
    const cache = new ReadThroughCache<string, { n: number }>(undefined, ['simulations'], 10);
    let loads = 0;
    const value = await cache.get('a', async () => ({ n: ++loads }));
    await cache.get('a', async () => ({ n: ++loads }));
    expect(loads).toBe(2);
    expect(Object.isFrozen(value)).toBe(false);
  });
});

/** An API key of a new organization on a fresh database, its store caching on the database's watch. */
async function keyOnTempStorage() {
  const { storage, file } = await tempStorage();
  const identity = createKyselyIdentityStore(storage.db, { changes: storage.changes });
  const org = await provisionOrganization(identity, { name: 'acme', tier: 'pro' });
  const { key, record } = await issueApiKey(identity, { organizationId: org.id, scopes: ['simulation:read'] });
  const authenticator = createAuthenticator({ identityStore: identity });
  return { file, identity, record, authenticator, authenticate: () => authenticator.authenticate({ apiKey: key, authorization: undefined }) };
}

describe('cached reads in the service', () => {
  it('an API key revoked by another process is refused on the next request', async () => {
    const { file, record, authenticator, authenticate } = await keyOnTempStorage();
    // The first use writes lastUsedAt, a change to api_keys: the lookups after it are cached.
    await authenticate();
    await authenticator.flush();

    const first = await authenticate();
    const second = await authenticate();
    // The second lookup was served from the cache: the very same context came back.
    expect(first.ok && second.ok && first.auth === second.auth).toBe(true);

    otherConnection(file).prepare('update api_keys set revoked_at = ? where id = ?').run(new Date().toISOString(), record.id);
    await nextTurn();
    expect(await authenticate()).toEqual({ ok: false, message: 'API key has been revoked' });
    await authenticator.flush();
  });

  it('a cached key is answered without a promise, a key the cache cannot vouch for with one', async () => {
    const { identity, record, authenticator, authenticate } = await keyOnTempStorage();
    await authenticate();
    await authenticator.flush();
    const looked = authenticate();
    expect(looked).toBeInstanceOf(Promise);
    await looked;
    const cached = authenticate();
    expect(cached).not.toBeInstanceOf(Promise);
    expect(cached).toMatchObject({ ok: true, auth: { identity: `key:${record.id}` } });

    await identity.revokeApiKey(record.id, new Date().toISOString());
    const afterRevoke = authenticate();
    expect(afterRevoke).toBeInstanceOf(Promise);
    expect(await afterRevoke).toEqual({ ok: false, message: 'API key has been revoked' });
    await authenticator.flush();
  });

  it('a key revoked in this process is refused at once, in the same turn', async () => {
    const { identity, record, authenticator, authenticate } = await keyOnTempStorage();
    await authenticate();
    await authenticate();

    await identity.revokeApiKey(record.id, new Date().toISOString());
    expect(await authenticate()).toEqual({ ok: false, message: 'API key has been revoked' });
    await authenticator.flush();
  });

  describe('GET /v1/simulations/{id}', () => {
    let server: TestServer;
    const read = async (id: string) =>
      (await (await server.call(`/v1/simulations/${id}`, { key: 'key-a' })).json()) as { createdAt: string; state: { tick: number } };

    it('shows a step at once and a change committed by another process on the next request', async () => {
      server = await startTestServer();
      cleanups.push(() => server.close());
      const id = await createSimulation(server);
      expect((await read(id)).state.tick).toBe(0);
      expect((await read(id)).state.tick).toBe(0);

      expect((await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 3 } })).status).toBe(200);
      expect((await read(id)).state.tick).toBe(3);

      const file = (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(server.storage.db)).rows[0]!.file;
      otherConnection(file).prepare("update simulations set created_at = '2000-01-01T00:00:00.000Z' where id = ?").run(id);
      expect((await read(id)).createdAt).toBe('2000-01-01T00:00:00.000Z');
    });
  });
});
