import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING, type Coordination } from '../../src/coordination/coordination.js';
import { createInProcessCoordination } from '../../src/coordination/in-process-coordination.js';
import { silentLogger } from '../../src/lib/logger.js';
import { openPostgres } from '../../src/storage/postgres/open-postgres.js';
import { createPostgresCoordination } from '../../src/topology/postgres/postgres-coordination.js';
import type { StorageHandle } from '../../src/storage/storage-handle.js';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../support/test-postgres-database.js';

/**
 * What every Coordination promises, for the in-process one (one process: both "processes" are
 * the same object) and the PostgreSQL one (two coordinations on one database stand for two
 * processes), and what only the shared one does: announcements between processes, leases that
 * one process holds and another takes over, slots counted across processes.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `task` under the lock and records when it held it. */
async function hold(coordination: Coordination, key: string, spans: Array<[number, number]>, ms: number): Promise<void> {
  await coordination.locks.run(key, async () => {
    const start = performance.now();
    await sleep(ms);
    spans.push([start, performance.now()]);
  });
}

function overlaps(spans: Array<[number, number]>): boolean {
  const sorted = [...spans].sort((x, y) => x[0] - y[0]);
  return sorted.some((span, i) => i > 0 && span[0] < (sorted[i - 1] as [number, number])[1]);
}

describe.each(['in-process', 'postgresql'] as const)('coordination (%s)', (kind) => {
  let database: TestPostgresDatabase | undefined;
  let storage: StorageHandle | undefined;
  let one: Coordination;
  let two: Coordination;

  beforeAll(async () => {
    if (kind === 'in-process') {
      one = two = createInProcessCoordination();
      return;
    }
    database = await createTestPostgresDatabase();
    // The stores' migrations create the lease and slot tables.
    storage = await openPostgres(database.url, { poolSize: 4 });
    one = await createPostgresCoordination({
      connectionString: database.url,
      logger: silentLogger,
      leases: { ttlMs: 600, renewMs: 100 },
      streamSlotTtlMs: 1_000,
    });
    two = await createPostgresCoordination({
      connectionString: database.url,
      logger: silentLogger,
      leases: { ttlMs: 600, renewMs: 100 },
      streamSlotTtlMs: 1_000,
    });
  }, 60_000);

  afterAll(async () => {
    await one?.close();
    if (two !== one) await two?.close();
    await storage?.close();
    await database?.drop();
  });

  it('runs the changes of one simulation one at a time, over every process, and others at once', async () => {
    const same: Array<[number, number]> = [];
    await Promise.all([hold(one, 'sim-1', same, 60), hold(two, 'sim-1', same, 60), hold(one, 'sim-1', same, 60), hold(two, 'sim-1', same, 60)]);
    expect(same).toHaveLength(4);
    expect(overlaps(same)).toBe(false);
    const different: Array<[number, number]> = [];
    await Promise.all([hold(one, 'sim-a', different, 150), hold(two, 'sim-b', different, 150)]);
    expect(overlaps(different)).toBe(true);
  });

  it('frees the lock when the task fails', async () => {
    await expect(one.locks.run('sim-2', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(two.locks.run('sim-2', async () => 'after')).resolves.toBe('after');
  });

  it('counts open streams per key over every process', async () => {
    const first = await one.streams.acquire('org-1', 2);
    const second = await two.streams.acquire('org-1', 2);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(await one.streams.acquire('org-1', 2)).toBeNull();
    expect(await two.streams.acquire('org-2', 2)).not.toBeNull();
    first?.();
    first?.(); // twice is harmless
    await sleep(50);
    expect(await two.streams.acquire('org-1', 2)).not.toBeNull();
  });

  if (kind === 'in-process') {
    it('holds every lease and never finds one orphaned', async () => {
      expect(await one.leases.acquire('sim-3', undefined)).toBe(true);
      expect(await one.leases.orphans()).toEqual([]);
    });
    return;
  }

  it('announces to the other processes, not to itself', async () => {
    const heardByOne: string[] = [];
    const heardByTwo: string[] = [];
    const stopOne = one.announcements.listen('simulation', (key) => heardByOne.push(key));
    const stopTwo = two.announcements.listen('simulation', (key) => heardByTwo.push(key));
    one.announcements.announce('simulation', 'sim-4');
    await expect.poll(() => heardByTwo, { timeout: 5_000 }).toEqual(['sim-4']);
    await sleep(100);
    expect(heardByOne).toEqual([]);
    expect(heardByTwo).not.toContain(EVERYTHING);
    stopOne();
    stopTwo();
  });

  it('gives a lease to one process; the other takes it once it is given up or expires', async () => {
    const payer = { identity: 'key-1', tier: 'pro' as const, costPerSecond: 100 };
    expect(await one.leases.acquire('sim-5', payer)).toBe(true);
    expect(await two.leases.acquire('sim-5', undefined)).toBe(false);
    // Renewed by its holder: still held well past its life.
    await sleep(1_000);
    expect(await two.leases.acquire('sim-5', undefined)).toBe(false);
    await one.leases.release('sim-5');
    expect(await two.leases.acquire('sim-5', undefined)).toBe(true);
    await two.leases.release('sim-5');
  });

  it('lists playing simulations whose lease lapsed, with their payer, and keeps the payer when a holder stalls', async () => {
    const db = storage as StorageHandle;
    const now = new Date().toISOString();
    // A playing simulation row, as the store writes it (only the columns orphans() reads matter).
    await db.simulations.create(
      {
        id: 'sim-6',
        organizationId: 'org-1',
        scenarioId: 'calm-equilibrium',
        engineVersion: '1',
        scenario: { seed: 1, agents: [], initialState: { width: 4, height: 4, attractors: [] }, rules: {} } as never,
        status: 'playing',
        tick: 0,
        state: {} as never,
        snapshot: { json: '{}' },
        createdAt: now,
      },
      { at: now, inputs: [], prophecies: [], events: [] },
    );
    expect((await two.leases.orphans()).map((o) => o.simulationId)).toEqual(['sim-6']);
    const payer = { identity: 'key-1', tier: 'pro' as const, costPerSecond: 100 };
    expect(await one.leases.acquire('sim-6', payer)).toBe(true);
    expect(await two.leases.orphans()).toEqual([]);
    // The holder stalls past the lease's life (its renewals stop): the lease lapses, keeping the payer.
    (one as unknown as { leases: { close(): void } }).leases.close();
    await sleep(800);
    expect(await two.leases.orphans()).toEqual([{ simulationId: 'sim-6', payer }]);
    expect(await two.leases.acquire('sim-6', undefined)).toBe(true);
  });
});
