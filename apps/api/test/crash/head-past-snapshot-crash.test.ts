import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { callJson as call, crashDatabase } from '../support/crash-database.js';
import { startServerProcess } from '../support/server-process.js';

/**
 * An engine worker that keeps a simulation's world stores its snapshot only every checkpoint
 * interval: between two, the stored head (`tick`) runs past the stored snapshot
 * (`snapshot_tick`), and the ticks in between exist only in that worker's memory
 * (docs/operations.md, "Warm worlds"). A server killed with SIGKILL then must lose nothing: the
 * next start restores the snapshot, computes those ticks again, and the simulation goes on
 * exactly as a twin that was never killed. The twin is stepped differently (one long step, so
 * its snapshot is at its head), so what is compared was reached by the two paths.
 */

const { databasePath, servers } = crashDatabase('sim-head-crash-');

type Json = any;

/** The stored head of a simulation, read straight from the database file. */
function storedHead(id: string): { tick: number; snapshotTick: number; snapshotJsonTick: number } {
  const db = new Database(databasePath, { readonly: true });
  try {
    const row = db.prepare('SELECT tick, snapshot_tick, snapshot FROM simulations WHERE id = ?').get(id) as Json;
    return { tick: row.tick, snapshotTick: row.snapshot_tick, snapshotJsonTick: JSON.parse(row.snapshot).tick };
  } finally {
    db.close();
  }
}

describe('SIGKILL while the head of a simulation runs past its stored snapshot', () => {
  it('restarts at the head, computed again from the snapshot, and steps on as a twin that was never killed', async () => {
    const first = await startServerProcess({ databasePath });
    servers.push(first);
    const key = first.apiKey as string;
    // basin-cascade: a prophecy every 25 ticks, so one falls among the ticks past the snapshot.
    const created = await call(first, key, 'POST', '/v1/simulations', { scenarioId: 'basin-cascade' });
    const twin = await call(first, key, 'POST', '/v1/simulations', { scenarioId: 'basin-cascade' });
    expect([created.status, twin.status]).toEqual([201, 201]);
    const id = created.body.id as string;
    const twinId = twin.body.id as string;

    for (let i = 0; i < 37; i++) expect((await call(first, key, 'POST', `/v1/simulations/${id}/step`, { ticks: 1 })).status).toBe(200);
    expect((await call(first, key, 'POST', `/v1/simulations/${twinId}/step`, { ticks: 37 })).status).toBe(200);
    const before = (await call(first, key, 'GET', `/v1/simulations/${id}`)).body;
    expect(before.state.tick).toBe(37);
    const head = storedHead(id);
    expect(head.tick).toBe(37);
    // The worker kept the world: the snapshot stored is of an earlier tick, and says so.
    expect(head.snapshotTick).toBeLessThan(37);
    expect(head.snapshotJsonTick).toBe(head.snapshotTick);
    expect(storedHead(twinId).snapshotTick, 'the twin, stepped in one go from a world not kept, stored its head').toBe(37);

    await first.kill();
    const second = await startServerProcess({ databasePath });
    servers.push(second);
    const after = (await call(second, key, 'GET', `/v1/simulations/${id}`)).body;
    expect(after.state).toEqual(before.state);

    // The ticks past the snapshot are computed again on the new process's worker: both step on alike.
    for (const sim of [id, twinId]) expect((await call(second, key, 'POST', `/v1/simulations/${sim}/step`, { ticks: 13 })).status).toBe(200);
    const stepped = (await call(second, key, 'GET', `/v1/simulations/${id}`)).body;
    const twinStepped = (await call(second, key, 'GET', `/v1/simulations/${twinId}`)).body;
    expect(stepped.state.tick).toBe(50);
    expect(stepped.state).toEqual(twinStepped.state);
    const prophecies = (await call(second, key, 'GET', `/v1/simulations/${id}/prophecies?limit=200`)).body;
    const twinProphecies = (await call(second, key, 'GET', `/v1/simulations/${twinId}/prophecies?limit=200`)).body;
    expect(prophecies.pagination.total).toBeGreaterThan(0);
    const dataOf = (page: Json): Json[] => page.data.map(({ tick, data }: Json) => ({ tick, data }));
    expect(dataOf(prophecies)).toEqual(dataOf(twinProphecies));
    const trace = (await call(second, key, 'GET', `/v1/simulations/${id}/trace`)).body;
    const twinTrace = (await call(second, key, 'GET', `/v1/simulations/${twinId}/trace`)).body;
    expect(trace.steps).toHaveLength(50);
    expect(trace.steps).toEqual(twinTrace.steps);
    await second.stop();
  }, 120_000);
});
