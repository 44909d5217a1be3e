import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crashDatabase } from '../support/crash-database.js';
import { REPO_ROOT, startServerProcess, type ServerProcess } from '../support/server-process.js';

/**
 * A server killed with SIGKILL in the middle of a long step must come back at the tick before
 * that step: one transaction per step, nothing half-written. The step is 10 000 ticks of the
 * largest pre-built scenario sent inline (2 400 agents), which takes seconds on the server's
 * engine worker thread, so the kill lands while the engine computes or while the step commits,
 * never after the response. That step costs about 178 million agent-ticks, beyond the pro
 * tier's default ceiling, so this server is given a higher one.
 */

const WORK_LIMITS = { SIM_WORK_LIMITS_PRO: '500000000,1000000000' };
/**
 * A checkpoint every 25 ticks (crowded-large's default is every 100): the history before the
 * kill holds some, and the killed step computes several more that must not survive it.
 */
const ENV = { ...WORK_LIMITS, SIM_CHECKPOINT_INTERVAL: '25' };

const { databasePath, servers } = crashDatabase('sim-crash-');

/** The largest pre-built scenario, as an inline scenario (no scenarioId). */
function heavyInlineScenario(): Record<string, unknown> {
  const file = JSON.parse(readFileSync(join(REPO_ROOT, 'scenarios', 'crowded-large.json'), 'utf8')) as Record<string, unknown>;
  const { seed, agents, initialState, rules } = file;
  return { seed, agents, initialState, ...(rules ? { rules } : {}) };
}

type Json = any;

function client(server: ServerProcess, key: string) {
  const headers = { 'X-Api-Key': key, 'Content-Type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${server.baseUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: res.status, body: await res.json() };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown) => call('POST', path, body),
  };
}

/** Everything stored about one simulation, read straight from the database file. */
function readStored(id: string) {
  const db = new Database(databasePath, { readonly: true });
  try {
    const row = db.prepare('SELECT status, tick, state, snapshot, version FROM simulations WHERE id = ?').get(id) as Json;
    const count = (table: string): number => (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE simulation_id = ?`).get(id) as Json).n;
    const maxTick = (table: string): number | null => (db.prepare(`SELECT MAX(tick) AS t FROM ${table} WHERE simulation_id = ?`).get(id) as Json).t;
    return {
      status: row.status as string,
      tick: row.tick as number,
      state: JSON.parse(row.state),
      snapshot: JSON.parse(row.snapshot),
      version: row.version as number,
      decrees: count('decrees'),
      prophecies: count('prophecies'),
      events: count('simulation_events'),
      inputs: count('simulation_inputs'),
      lastProphecyTick: maxTick('prophecies'),
      lastEventTick: maxTick('simulation_events'),
      checkpointTicks: (db.prepare('SELECT tick FROM simulation_checkpoints WHERE simulation_id = ? ORDER BY tick').all(id) as Json[]).map(
        (r) => r.tick as number,
      ),
    };
  } finally {
    db.close();
  }
}

describe('SIGKILL during a 10 000-tick step on an engine worker', () => {
  it('restarts at the previous tick with state, snapshot, decrees, prophecies and trace agreeing, and steps on', async () => {
    const first = await startServerProcess({ databasePath, env: ENV });
    servers.push(first);
    expect(first.apiKey, 'the first start prints a bootstrap key').toBeDefined();
    expect(first.output(), 'the server computes on its worker pool').toMatch(/engine: \d+ worker thread/);
    const key = first.apiKey!;
    const api = client(first, key);

    // A history worth checking: a decree, some ticks (with prophecies and events), and a
    // twin simulation with the same inputs to compare the survivor against afterwards.
    const scenario = heavyInlineScenario();
    // Engine 1.1.0: what is tested is the crash, and its lighter prophecies keep the step's cost
    // and time what they were when this test was written.
    const created = await api.post('/v1/simulations', { scenario, engineVersion: '1.1.0' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const twin = await api.post('/v1/simulations', { scenario, engineVersion: '1.1.0' });
    expect(twin.status).toBe(201);
    const decree = { type: 'shock', payload: { x: 64, y: 64, radius: 10, magnitude: 0.5 } };
    for (const sim of [id, twin.body.id]) {
      expect((await api.post(`/v1/simulations/${sim}/step`, { ticks: 20 })).status).toBe(200);
      expect((await api.post(`/v1/simulations/${sim}/decrees`, decree)).status).toBe(201);
      expect((await api.post(`/v1/simulations/${sim}/step`, { ticks: 30 })).status).toBe(200);
    }
    const before = (await api.get(`/v1/simulations/${id}`)).body;
    const previousTick = before.state.tick as number;
    expect(previousTick).toBe(50);
    const storedBefore = readStored(id);
    expect(storedBefore.checkpointTicks, 'the history before the kill has checkpoints').toEqual([25, 50]);
    const traceBefore = (await api.get(`/v1/simulations/${id}/trace`)).body;

    // The long step, killed mid-way. Its response must never arrive.
    const started = Date.now();
    const step = fetch(`${first.baseUrl}/v1/simulations/${id}/step`, {
      method: 'POST',
      headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ticks: 10_000 }),
    }).then(
      (res) => `answered ${res.status} after ${Date.now() - started} ms`,
      () => 'connection lost',
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await first.kill();
    const outcome = await step;
    expect(outcome, 'the step must still be running when the server is killed (scenario too light for this machine?)').toBe('connection lost');

    // Restart on the same database file.
    const second = await startServerProcess({ databasePath, env: ENV });
    servers.push(second);
    expect(second.apiKey, 'a restart never prints a new key').toBeUndefined();
    const again = client(second, key);

    // The API view: the previous tick, still active.
    const after = (await again.get(`/v1/simulations/${id}`)).body;
    expect(after.state.tick).toBe(previousTick);
    expect(after.state).toEqual(before.state);

    // The stored rows: nothing of the killed step.
    const stored = readStored(id);
    expect(stored).toEqual(storedBefore);
    expect(stored.tick).toBe(previousTick);
    expect(stored.state.tick).toBe(previousTick);
    expect(stored.snapshot.tick, 'the engine snapshot a step resumes from').toBe(previousTick);
    expect(stored.lastProphecyTick ?? 0).toBeLessThanOrEqual(previousTick);
    expect(stored.lastEventTick ?? 0).toBeLessThanOrEqual(previousTick);
    // No checkpoint of the killed step's ticks (it would have written one every 25 ticks).
    expect(stored.checkpointTicks).toEqual([25, 50]);

    // Decrees, prophecies and trace as before the kill.
    const decrees = (await again.get(`/v1/simulations/${id}/decrees`)).body;
    expect(decrees.pagination.total).toBe(1);
    expect(decrees.data[0]).toMatchObject(decree);
    const prophecies = (await again.get(`/v1/simulations/${id}/prophecies?limit=200`)).body;
    expect(prophecies.pagination.total).toBe(storedBefore.prophecies);
    const trace = (await again.get(`/v1/simulations/${id}/trace`)).body;
    expect(trace.steps).toHaveLength(previousTick);
    expect(trace.steps.at(-1).tick).toBe(previousTick);
    expect(trace).toEqual(traceBefore);

    // It still steps, and lands exactly where its untouched twin does.
    const stepped = await again.post(`/v1/simulations/${id}/step`, { ticks: 5 });
    expect(stepped.status).toBe(200);
    expect(stepped.body.state.tick).toBe(previousTick + 5);
    const twinStepped = await again.post(`/v1/simulations/${twin.body.id}/step`, { ticks: 5 });
    expect(stepped.body.state).toEqual(twinStepped.body.state);
    const traceAfter = (await again.get(`/v1/simulations/${id}/trace`)).body;
    const twinTrace = (await again.get(`/v1/simulations/${twin.body.id}/trace`)).body;
    expect(traceAfter.steps).toEqual(twinTrace.steps);

    await second.stop();
  }, 120_000);
});
