import { describe, expect, it } from 'vitest';
import { createAuthenticator } from '../../../src/identity/authenticator.js';
import { hashApiKey } from '../../../src/identity/api-key.js';
import { OrganizationNameTakenError, type IdentityStore } from '../../../src/identity/identity-store.js';
import { issueApiKey, provisionOrganization } from '../../../src/identity/provisioning.js';
import { createKyselyIdentityStore } from '../../../src/storage/identity-store-kysely.js';
import { createKyselyUsageLedger } from '../../../src/storage/identity-usage-ledger-kysely.js';
import type { StorageHandle } from '../../../src/storage/storage-handle.js';
import { DATABASES, SHARED_DATABASES, nextTurn } from './databases.js';
import { ORG, OTHER_ORG } from './simulation-fixtures.js';
import { MAX_IDENTITY_STALENESS_MS } from '../../../src/storage/postgres/notified-change-watch.js';

const at = (iso: string) => new Date(iso);

/** The identity store as the server builds it: with the storage's read caches where it has them. */
const identityOf = (storage: StorageHandle): IdentityStore => createKyselyIdentityStore(storage.db, { changes: storage.changes });

describe.each(DATABASES)('IdentityStore on $name', (database) => {
  it('creates organizations with unique names and finds them by id, name and ids', async () => {
    const store = identityOf((await database.open()).storage);
    expect(await store.countOrganizations()).toBe(0);
    const acme = await provisionOrganization(store, { name: 'acme', tier: 'enterprise' }, at('2030-01-01T00:00:00Z'));
    const globex = await provisionOrganization(store, { name: 'Globex ✓', tier: 'free' });
    await expect(provisionOrganization(store, { name: 'acme', tier: 'pro' })).rejects.toBeInstanceOf(OrganizationNameTakenError);

    expect(await store.findOrganizationById(acme.id)).toEqual({ id: acme.id, name: 'acme', tier: 'enterprise', createdAt: '2030-01-01T00:00:00.000Z' });
    expect(await store.findOrganizationByName('Globex ✓')).toEqual(globex);
    expect(await store.findOrganizationByName('ACME')).toBeUndefined();
    expect(await store.findOrganizationById('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(await store.findOrganizationsByIds([acme.id])).toEqual([acme]);
    expect((await store.findOrganizationsByIds([globex.id, acme.id, 'nobody'])).map((o) => o.name).sort()).toEqual(['Globex ✓', 'acme']);
    expect(await store.findOrganizationsByIds([])).toEqual([]);
    expect(await store.countOrganizations()).toBe(2);
  });

  it('finds a key by its hash with its tier, lists keys oldest first, revokes once, touches', async () => {
    const store = identityOf((await database.open()).storage);
    const acme = await provisionOrganization(store, { name: 'acme', tier: 'pro' });
    const globex = await provisionOrganization(store, { name: 'globex', tier: 'free' });
    const first = await issueApiKey(store, { organizationId: acme.id, scopes: ['simulation:read', 'org:read'], name: 'ci' }, at('2030-01-01T00:00:00Z'));
    const second = await issueApiKey(store, { organizationId: globex.id, scopes: ['usage:read'] }, at('2030-01-02T00:00:00Z'));
    const third = await issueApiKey(store, { organizationId: acme.id, scopes: ['simulation:write'] }, at('2030-01-03T00:00:00Z'));

    expect(await store.findApiKeyByHash(hashApiKey(first.key))).toEqual({ key: first.record, tier: 'pro' });
    expect(await store.findApiKeyByHash(hashApiKey(second.key))).toEqual({ key: second.record, tier: 'free' });
    expect(await store.findApiKeyByHash(hashApiKey(`${first.key}x`))).toBeUndefined();
    expect(await store.findApiKeyById(third.record.id)).toEqual(third.record);
    expect((await store.listApiKeys()).map((k) => k.id)).toEqual([first.record.id, second.record.id, third.record.id]);
    expect((await store.listApiKeys(acme.id)).map((k) => k.id)).toEqual([first.record.id, third.record.id]);

    expect(await store.revokeApiKey(first.record.id, '2030-02-01T00:00:00.000Z')).toBe(true);
    expect(await store.revokeApiKey(first.record.id, '2030-03-01T00:00:00.000Z')).toBe(true);
    expect(await store.revokeApiKey('00000000-0000-4000-8000-000000000000', '2030-03-01T00:00:00.000Z')).toBe(false);
    await store.touchApiKey(first.record.id, '2030-01-15T00:00:00.000Z');
    expect(await store.findApiKeyByHash(hashApiKey(first.key))).toEqual({
      key: { ...first.record, revokedAt: '2030-02-01T00:00:00.000Z', lastUsedAt: '2030-01-15T00:00:00.000Z' },
      tier: 'pro',
    });
  });

  it('stores no plaintext key anywhere: neither in a row nor in the database files', async () => {
    const opened = await database.open();
    const store = identityOf(opened.storage);
    const organization = await provisionOrganization(store, { name: 'acme', tier: 'pro' });
    const { key } = await issueApiKey(store, { organizationId: organization.id, scopes: ['simulation:read'] });
    const rows = JSON.stringify(await opened.storage.db.selectFrom('api_keys').selectAll().execute());
    expect(rows).not.toContain(key.slice(12));
    for (const bytes of opened.fileContents()) expect(bytes.includes(Buffer.from(key.slice(12)))).toBe(false);
  });

  it('refuses a key revoked through another handle (the CLI, another instance): SQLite on the next request, PostgreSQL within the bound', async () => {
    const opened = await database.open();
    const server = identityOf(opened.storage);
    const operator = createKyselyIdentityStore((await opened.openAnother()).db);
    const organization = await provisionOrganization(operator, { name: 'acme', tier: 'pro' });
    const { key, record } = await issueApiKey(operator, { organizationId: organization.id, scopes: ['simulation:read'] });
    const authenticator = createAuthenticator({ identityStore: server });
    // The first use writes lastUsedAt; the lookups after it may be served from a cache.
    expect((await authenticator.authenticate({ apiKey: key, authorization: undefined })).ok).toBe(true);
    await authenticator.flush();
    expect((await authenticator.authenticate({ apiKey: key, authorization: undefined })).ok).toBe(true);

    const revokedAt = Date.now();
    await operator.revokeApiKey(record.id, new Date().toISOString());
    await nextTurn();
    let result = await authenticator.authenticate({ apiKey: key, authorization: undefined });
    // PostgreSQL: once the commit's notice arrives (docs/operations.md, "PostgreSQL").
    while (database.name === 'postgresql' && result.ok && Date.now() - revokedAt < 2 * MAX_IDENTITY_STALENESS_MS) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      result = await authenticator.authenticate({ apiKey: key, authorization: undefined });
    }
    expect(result).toEqual({ ok: false, message: 'API key has been revoked' });
    expect(Date.now() - revokedAt).toBeLessThan(MAX_IDENTITY_STALENESS_MS);
    await authenticator.flush();
  });
});

describe.each(DATABASES)('UsageLedger on $name', (database) => {
  it('counts per organization and UTC day, in batches, and reads every day of the range', async () => {
    const { storage } = await database.open();
    const ledger = createKyselyUsageLedger(storage.db, { flushIntervalMs: 60_000 });
    try {
      for (let i = 0; i < 1000; i += 1) ledger.recordRequest(ORG, 'read', at('2030-03-01T10:00:00Z'));
      ledger.recordRequest(ORG, 'step', at('2030-03-01T23:59:59Z'));
      ledger.recordRequest(ORG, 'create', at('2030-03-03T00:00:00Z'));
      ledger.recordSimulationCreated(ORG, at('2030-03-03T00:00:00Z'));
      ledger.recordTicks(ORG, 250, at('2030-03-03T01:00:00Z'));
      ledger.recordTicks(ORG, 50, at('2030-03-03T02:00:00Z'));
      ledger.recordRequest(OTHER_ORG, 'read', at('2030-03-01T10:00:00Z'));
      ledger.recordTicks(ORG, -5, at('2030-03-03T02:00:00Z'));

      // Nothing written yet: the timer is a minute away.
      expect(await storage.db.selectFrom('usage_counters').selectAll().execute()).toHaveLength(0);
      await ledger.flush();
      // 1000 reads became one row.
      expect(await storage.db.selectFrom('usage_counters').selectAll().execute()).toHaveLength(6);

      expect(await ledger.dailyUsage(ORG, '2030-03-01', '2030-03-03')).toEqual([
        { date: '2030-03-01', simulationsCreated: 0, ticksComputed: 0, requests: { create: 0, step: 1, read: 1000, sse: 0 } },
        { date: '2030-03-02', simulationsCreated: 0, ticksComputed: 0, requests: { create: 0, step: 0, read: 0, sse: 0 } },
        { date: '2030-03-03', simulationsCreated: 1, ticksComputed: 300, requests: { create: 1, step: 0, read: 0, sse: 0 } },
      ]);

      // Adds to stored counts and includes unflushed ones in reads.
      ledger.recordRequest(ORG, 'read', at('2030-03-01T12:00:00Z'));
      ledger.recordRequest(ORG, 'sse', at('2030-03-01T12:00:00Z'));
      const [day] = await ledger.dailyUsage(ORG, '2030-03-01', '2030-03-01');
      expect(day?.requests).toEqual({ create: 0, step: 1, read: 1001, sse: 1 });
      const [other] = await ledger.dailyUsage(OTHER_ORG, '2030-03-01', '2030-03-01');
      expect(other?.requests.read).toBe(1);
    } finally {
      await ledger.close();
    }
  });

  it('adds up the counts of ledgers on several handles, beyond 32-bit integers', async () => {
    const opened = await database.open();
    const ledgers = [
      createKyselyUsageLedger(opened.storage.db, { flushIntervalMs: 60_000 }),
      createKyselyUsageLedger((await opened.openAnother()).db, { flushIntervalMs: 60_000 }),
    ];
    try {
      const day = at('2030-03-01T10:00:00Z');
      // Ticks of large worlds add up fast: 3 × 2^31 agent-ticks in a day is plausible.
      for (const ledger of ledgers) ledger.recordTicks(ORG, 2 ** 31, day);
      ledgers[0]!.recordTicks(ORG, 2 ** 31, day);
      // One after the other: two connections of one process writing to one SQLite file at once
      // would wait on each other with the event loop blocked.
      for (const ledger of ledgers) await ledger.flush();
      const [usage] = await ledgers[1]!.dailyUsage(ORG, '2030-03-01', '2030-03-01');
      expect(usage?.ticksComputed).toBe(3 * 2 ** 31);
    } finally {
      for (const ledger of ledgers) await ledger.close();
    }
  });
});

describe.each(SHARED_DATABASES)('UsageLedger shared by two instances on $name', (database) => {
  it('flushes from two instances at once without a deadlock, losing nothing', async () => {
    const opened = await database.open();
    const ledgers = [
      createKyselyUsageLedger(opened.storage.db, { flushIntervalMs: 60_000 }),
      createKyselyUsageLedger((await opened.openAnother()).db, { flushIntervalMs: 60_000 }),
    ];
    const organizations = Array.from({ length: 30 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const day = at('2030-03-01T10:00:00Z');
    try {
      for (let round = 0; round < 5; round += 1) {
        // The two instances saw the organizations in opposite orders.
        for (const organization of organizations) ledgers[0]!.recordRequest(organization, 'read', day);
        for (const organization of [...organizations].reverse()) ledgers[1]!.recordRequest(organization, 'read', day);
        await Promise.all(ledgers.map((ledger) => ledger.flush()));
      }
      for (const organization of [organizations[0]!, organizations[29]!]) {
        const [usage] = await ledgers[0]!.dailyUsage(organization, '2030-03-01', '2030-03-01');
        expect(usage?.requests.read).toBe(10);
      }
    } finally {
      for (const ledger of ledgers) await ledger.close();
    }
  });
});
