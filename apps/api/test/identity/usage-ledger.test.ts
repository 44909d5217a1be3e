import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsageLedger } from '../../src/identity/usage-recorder.js';
import { createKyselyUsageLedger } from '../../src/storage/identity-usage-ledger-kysely.js';
import { tempIdentityDatabase } from './support/temp-identity-database.js';

const ORG = '6f1d7c1e-2b7a-4c1e-9a55-0d6a4b3c2e1f';
const OTHER = '0b9d7e2e-9f4c-4f7e-8a55-1a2b3c4d5e6f';
const at = (iso: string) => new Date(iso);

let database: Awaited<ReturnType<typeof tempIdentityDatabase>>;
let ledger: UsageLedger;

beforeAll(async () => {
  database = await tempIdentityDatabase();
  ledger = createKyselyUsageLedger(database.db, { flushIntervalMs: 60_000 });
});
afterAll(async () => {
  await ledger.close();
  await database.destroy();
});

describe('usage ledger', () => {
  it('counts per organization and UTC day, in batches, and reads every day of the range', async () => {
    for (let i = 0; i < 1000; i += 1) ledger.recordRequest(ORG, 'read', at('2030-03-01T10:00:00Z'));
    ledger.recordRequest(ORG, 'step', at('2030-03-01T23:59:59Z'));
    ledger.recordRequest(ORG, 'create', at('2030-03-03T00:00:00Z'));
    ledger.recordSimulationCreated(ORG, at('2030-03-03T00:00:00Z'));
    ledger.recordTicks(ORG, 250, at('2030-03-03T01:00:00Z'));
    ledger.recordTicks(ORG, 50, at('2030-03-03T02:00:00Z'));
    ledger.recordRequest(OTHER, 'read', at('2030-03-01T10:00:00Z'));
    ledger.recordTicks(ORG, -5, at('2030-03-03T02:00:00Z'));

    // Nothing written yet: the timer is a minute away.
    expect(await database.db.selectFrom('usage_counters').selectAll().execute()).toHaveLength(0);
    await ledger.flush();
    // 1000 reads became one row.
    expect(await database.db.selectFrom('usage_counters').selectAll().execute()).toHaveLength(6);

    const days = await ledger.dailyUsage(ORG, '2030-03-01', '2030-03-03');
    expect(days).toEqual([
      { date: '2030-03-01', simulationsCreated: 0, ticksComputed: 0, requests: { create: 0, step: 1, read: 1000, sse: 0 } },
      { date: '2030-03-02', simulationsCreated: 0, ticksComputed: 0, requests: { create: 0, step: 0, read: 0, sse: 0 } },
      { date: '2030-03-03', simulationsCreated: 1, ticksComputed: 300, requests: { create: 1, step: 0, read: 0, sse: 0 } },
    ]);
  });

  it('adds to stored counts and includes unflushed ones in reads', async () => {
    ledger.recordRequest(ORG, 'read', at('2030-03-01T12:00:00Z'));
    ledger.recordRequest(ORG, 'sse', at('2030-03-01T12:00:00Z'));
    const [day] = await ledger.dailyUsage(ORG, '2030-03-01', '2030-03-01');
    expect(day?.requests).toEqual({ create: 0, step: 1, read: 1001, sse: 1 });
    const [other] = await ledger.dailyUsage(OTHER, '2030-03-01', '2030-03-01');
    expect(other?.requests.read).toBe(1);
  });
});
