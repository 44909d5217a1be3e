import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createAuthenticator } from '../../src/identity/authenticator.js';
import { SCOPES } from '../../src/identity/auth-context.js';
import { issueApiKey, provisionOrganization } from '../../src/identity/provisioning.js';
import { silentLogger } from '../../src/lib/logger.js';
import { createKyselyIdentityStore } from '../../src/storage/identity-store-kysely.js';
import { MAX_IDENTITY_STALENESS_MS, NotifiedChangeWatch } from '../../src/storage/postgres/notified-change-watch.js';
import type { StorageHandle } from '../../src/storage/storage-handle.js';
import { SHARED_DATABASES, nextTurn } from './contract/databases.js';

/**
 * PostgreSQL's key-lookup cache (docs/operations.md, "PostgreSQL"): lookups are served from
 * memory until a change of a key or an organization is announced, by this instance or any other.
 * Two storage handles on one database stand for two instances.
 */
describe.each(SHARED_DATABASES)('API-key lookups cached on $name', (database) => {
  async function instance(storage: StorageHandle) {
    const identity = createKyselyIdentityStore(storage.db, { changes: storage.changes });
    return { identity, authenticator: createAuthenticator({ identityStore: identity }) };
  }
  const authenticate = (authenticator: ReturnType<typeof createAuthenticator>, apiKey: string) =>
    authenticator.authenticate({ apiKey, authorization: undefined });

  async function twoInstances() {
    const opened = await database.open();
    const a = await instance(opened.storage);
    const b = await instance(await opened.openAnother());
    const org = await provisionOrganization(b.identity, { name: 'acme', tier: 'pro' });
    const { key, record } = await issueApiKey(b.identity, { organizationId: org.id, scopes: [...SCOPES] });
    // The first use writes lastUsedAt (a write by A, which A counts): the lookups after it are cached.
    await authenticate(a.authenticator, key);
    await a.authenticator.flush();
    await nextTurn();
    return { opened, a, b, key, record };
  }

  it('serves a repeated lookup from memory: the same context comes back', async () => {
    const { a, key } = await twoInstances();
    const first = await authenticate(a.authenticator, key);
    const second = await authenticate(a.authenticator, key);
    expect(first.ok && second.ok && first.auth === second.auth).toBe(true);
  });

  it('refuses a key revoked through another instance within the stated bound', async () => {
    const { a, b, key, record } = await twoInstances();
    const cached = await authenticate(a.authenticator, key);
    expect(cached.ok).toBe(true);
    const revokedAt = Date.now();
    await b.identity.revokeApiKey(record.id, new Date().toISOString());
    let result = await authenticate(a.authenticator, key);
    while (result.ok && Date.now() - revokedAt < 2 * MAX_IDENTITY_STALENESS_MS) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      result = await authenticate(a.authenticator, key);
    }
    expect(result).toEqual({ ok: false, message: 'API key has been revoked' });
    expect(Date.now() - revokedAt).toBeLessThan(MAX_IDENTITY_STALENESS_MS);
  });

  it('refuses a key revoked through this instance at once, in the same turn', async () => {
    const { a, key, record } = await twoInstances();
    expect((await authenticate(a.authenticator, key)).ok).toBe(true);
    await a.identity.revokeApiKey(record.id, new Date().toISOString());
    expect(await authenticate(a.authenticator, key)).toEqual({ ok: false, message: 'API key has been revoked' });
  });

  it('hears a change by another connection long before the bound, and not a lastUsedAt write', async () => {
    const opened = await database.open();
    const other = await opened.openAnother();
    // A watch of its own whose time bound never passes during the test: only notices move it.
    const watch = new NotifiedChangeWatch({ connectionString: opened.url!, logger: silentLogger, maxStalenessMs: 3_600_000 });
    await watch.start();
    try {
      expect(watch.listening).toBe(true);
      await nextTurn();
      const identity = createKyselyIdentityStore(other.db);
      let from = watch.version(['api_keys']);
      const org = await provisionOrganization(identity, { name: 'quiet', tier: 'free' });
      const { record } = await issueApiKey(identity, { organizationId: org.id, scopes: ['simulation:read'] });
      await waitForMove(watch, from);
      await nextTurn();
      const untouched = watch.version(['api_keys']);
      await identity.touchApiKey(record.id, new Date().toISOString());
      // Time for a notice to arrive, were one sent (the other notices here arrive in milliseconds).
      await new Promise((resolve) => setTimeout(resolve, 500));
      await nextTurn();
      expect(watch.version(['api_keys'])).toBe(untouched);
      from = watch.version(['api_keys']);
      await identity.revokeApiKey(record.id, new Date().toISOString());
      await waitForMove(watch, from);
      // A table nobody announces is never taken as unchanged.
      expect(watch.version(['simulations'])).not.toBe(watch.version(['simulations']));
    } finally {
      await watch.close();
    }
  });

  it('caches nothing while its listening connection is down, and again once it is back', async () => {
    const opened = await database.open();
    const watch = new NotifiedChangeWatch({ connectionString: opened.url!, logger: silentLogger, maxStalenessMs: 3_600_000, reconnectMs: 50 });
    await watch.start();
    try {
      await nextTurn();
      const before = watch.version(['api_keys']);
      await nextTurn();
      expect(watch.version(['api_keys'])).toBe(before);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'sim-api identity notices' and datname = current_database()`.execute(
        opened.storage.db,
      );
      const deadline = Date.now() + 5_000;
      while (watch.listening && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(watch.listening).toBe(false);
      const down = watch.version(['api_keys']);
      await nextTurn();
      expect(watch.version(['api_keys'])).not.toBe(down);
      while (!watch.listening && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(watch.listening).toBe(true);
      await nextTurn();
      const back = watch.version(['api_keys']);
      await nextTurn();
      expect(watch.version(['api_keys'])).toBe(back);
    } finally {
      await watch.close();
    }
  });
});

/** Waits (bounded) for the watch's version of api_keys to move from `from`, turn by turn. */
async function waitForMove(watch: NotifiedChangeWatch, from: number): Promise<void> {
  const deadline = Date.now() + 2_000;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    await nextTurn();
    if (watch.version(['api_keys']) !== from) return;
    if (Date.now() > deadline) throw new Error('no notice within 2 s');
  }
}
