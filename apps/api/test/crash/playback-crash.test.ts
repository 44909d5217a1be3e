import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { callJson as call, crashDatabase } from '../support/crash-database.js';
import { startServerProcess } from '../support/server-process.js';

/**
 * A server killed with SIGKILL while a simulation plays runs no shutdown hook, so the stored
 * status still says `playing` with no clock behind it. The next start must pause it and say so
 * in a `simulation:status` event, as a clean shutdown does.
 */

const { databasePath, servers } = crashDatabase('sim-playback-crash-');

type Json = any;

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function lastStoredEvent(id: string): { type: string; data: Json } {
  const db = new Database(databasePath, { readonly: true });
  try {
    const row = db.prepare('SELECT type, data FROM simulation_events WHERE simulation_id = ? ORDER BY seq DESC LIMIT 1').get(id) as Json;
    return { type: row.type, data: JSON.parse(row.data) };
  } finally {
    db.close();
  }
}

describe('SIGKILL while a simulation plays', () => {
  it('comes back paused at the last committed tick, with a simulation:status event, and plays on from there', async () => {
    const first = await startServerProcess({ databasePath });
    servers.push(first);
    const key = first.apiKey as string;
    expect(key).toMatch(/^sim_/);

    const created = await call(first, key, 'POST', '/v1/simulations', { scenarioId: 'calm-equilibrium' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await call(first, key, 'PUT', `/v1/simulations/${id}/time-control`, { action: 'play', speed: 10 })).status).toBe(200);
    await until(async () => (await call(first, key, 'GET', `/v1/simulations/${id}`)).body.state.tick >= 5, 20_000);
    await first.kill();

    const second = await startServerProcess({ databasePath });
    servers.push(second);
    expect(second.output()).toContain('now paused');
    const after = await call(second, key, 'GET', `/v1/simulations/${id}`);
    expect(after.body.state.status).toBe('paused');
    const stoppedAt = after.body.state.tick as number;
    expect(stoppedAt).toBeGreaterThanOrEqual(5);
    expect(lastStoredEvent(id)).toEqual({
      type: 'simulation:status',
      data: { status: 'paused', previous: 'playing', tick: stoppedAt, reason: 'restart' },
    });

    // Nothing advances it while paused; play continues from the next tick.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await call(second, key, 'GET', `/v1/simulations/${id}`)).body.state.tick).toBe(stoppedAt);
    expect((await call(second, key, 'PUT', `/v1/simulations/${id}/time-control`, { action: 'play', speed: 10 })).status).toBe(200);
    await until(async () => (await call(second, key, 'GET', `/v1/simulations/${id}`)).body.state.tick > stoppedAt, 20_000);
    await second.stop();
  }, 90_000);
});
