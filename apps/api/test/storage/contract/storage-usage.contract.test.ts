import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ProphecyData } from '@sim/engine';
import { createKyselyIdempotencyStore } from '../../../src/storage/idempotency-store-kysely.js';
import { createKyselyStorageUsage } from '../../../src/storage/storage-usage-kysely.js';
import { DATABASES } from './databases.js';
import { ORG, OTHER_ORG, newSimulation, noChanges, stepUpdate } from './simulation-fixtures.js';

const T0 = Date.parse('2030-01-01T00:00:00Z');
const prophecyData = {
  schema: 'prophecy/1',
  tick: 5,
  horizon: 10,
  branches: 4,
  basins: [],
  expectedCentroid: null,
  expectedStability: 0.5,
} as unknown as ProphecyData;

describe.each(DATABASES)('stored bytes on $name', (database) => {
  it('counts events, prophecies and checkpoints as they are written, and unexpired idempotent responses, per organization', async () => {
    const { storage } = await database.open();
    const usage = createKyselyStorageUsage(storage.db);
    const simulation = newSimulation();
    await storage.simulations.create(simulation, noChanges(simulation.createdAt));
    // The row itself: its scenario, snapshot and state, in bytes as stored.
    const rowBytes = async (): Promise<number> => {
      const row = await storage.db
        .selectFrom('simulations')
        .select(['scenario', 'snapshot', 'state'])
        .where('id', '=', simulation.id)
        .executeTakeFirstOrThrow();
      return Buffer.byteLength(row.scenario) + Buffer.byteLength(row.snapshot) + Buffer.byteLength(row.state);
    };
    const created = await rowBytes();
    expect(created).toBeGreaterThan(0);
    expect(await usage.storageUsage(ORG, T0)).toEqual({
      simulations: created,
      events: 0,
      prophecies: 0,
      checkpoints: 0,
      idempotentResponses: 0,
      experiments: 0,
      experimentResults: 0,
      total: created,
    });

    const events = [
      { type: 'prophecy' as const, tick: 5, data: prophecyData },
      { type: 'loss' as const, tick: 6, data: { tick: 6, attractor: 'w' } },
    ];
    await storage.simulations.update(
      stepUpdate(simulation.id, 1, 10, {
        events,
        prophecies: [{ id: randomUUID(), seq: 1, tick: 5, data: prophecyData, createdAt: '2030-01-01T00:00:05.000Z' }],
        checkpoints: [{ tick: 10, bytes: new Uint8Array(300) }],
      }),
    );
    const json = (value: unknown): number => JSON.stringify(value).length;
    const expected = { events: json(prophecyData) + json(events[1]?.data), prophecies: json(prophecyData), checkpoints: 300 };
    const row = await rowBytes();
    expect(await usage.storageUsage(ORG, T0)).toMatchObject({
      ...expected,
      simulations: row,
      total: row + expected.events + expected.prophecies + expected.checkpoints,
    });
    expect((await usage.storageUsage(OTHER_ORG, T0)).total).toBe(0);

    const idempotency = createKyselyIdempotencyStore(storage.db);
    const token = randomUUID();
    await idempotency.reserve({
      scope: 'a'.repeat(64),
      token,
      fingerprint: 'f'.repeat(64),
      now: T0,
      expiresAt: T0 + 1_000,
      lockedUntil: T0 + 500,
      organizationId: ORG,
    });
    await idempotency.complete('a'.repeat(64), token, { status: 201, headers: [], body: new Uint8Array(1_000), chunkCount: 0, bodyComplete: true });
    expect((await usage.storageUsage(ORG, T0)).idempotentResponses).toBe(1_000 + '[]'.length);
    // An expired record no longer counts.
    expect((await usage.storageUsage(ORG, T0 + 1_000)).idempotentResponses).toBe(0);
  });
});
