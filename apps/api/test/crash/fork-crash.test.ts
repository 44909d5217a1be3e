import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crashDatabase } from '../support/crash-database.js';
import { REPO_ROOT, startServerProcess, type ServerProcess } from '../support/server-process.js';

/**
 * A server killed with SIGKILL in the middle of a fork leaves no fork, or a whole one: the
 * fork is written in one transaction after its replay. Checkpoints are switched off so that the
 * fork replays the parent's whole history (seconds of the largest pre-built scenario), and the
 * kill lands while it computes.
 */

const ENV = { SIM_WORK_LIMITS_PRO: '500000000,1000000000', SIM_CHECKPOINT_INTERVAL: '1000000' };
const TABLES = ['simulation_inputs', 'simulation_events', 'prophecies', 'decrees', 'simulation_checkpoints'];

const { databasePath, servers } = crashDatabase('sim-fork-crash-');

type Json = any;

/** Every simulation id, and the ids that rows of the other tables name. */
function storedIds(): { simulations: string[]; referenced: string[] } {
  const db = new Database(databasePath, { readonly: true });
  try {
    const simulations = (db.prepare('SELECT id FROM simulations ORDER BY id').all() as Json[]).map((row) => row.id as string);
    const referenced = new Set<string>();
    for (const table of TABLES)
      for (const row of db.prepare(`SELECT DISTINCT simulation_id AS id FROM ${table}`).all() as Json[]) referenced.add(row.id as string);
    return { simulations, referenced: [...referenced].sort() };
  } finally {
    db.close();
  }
}

describe('SIGKILL during a fork', () => {
  it('leaves no fork and no stray rows; after a restart the same fork succeeds whole', async () => {
    const first = await startServerProcess({ databasePath, env: ENV });
    servers.push(first);
    const key = first.apiKey!;
    const call = async (server: ServerProcess, method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> => {
      const res = await fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: await res.json() };
    };
    const file = JSON.parse(readFileSync(join(REPO_ROOT, 'scenarios', 'crowded-large.json'), 'utf8')) as Json;
    const scenario = { seed: file.seed, agents: file.agents, initialState: file.initialState, ...(file.rules ? { rules: file.rules } : {}) };
    const created = await call(first, 'POST', '/v1/simulations', { scenario, engineVersion: '1.1.0' });
    expect(created.status).toBe(201);
    const parent = created.body.id as string;
    // crowded-large collapses and completes after about 1 400 ticks: the fork is at its last tick.
    const stepped = await call(first, 'POST', `/v1/simulations/${parent}/step`, { ticks: 2_000 });
    expect(stepped.status).toBe(200);
    const atTick = stepped.body.state.tick as number;
    expect(atTick).toBeGreaterThan(1_000);
    const before = storedIds();
    expect(before.simulations).toEqual([parent]);

    const started = Date.now();
    const fork = fetch(`${first.baseUrl}/v1/simulations/${parent}/forks`, {
      method: 'POST',
      headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ atTick }),
    }).then(
      (res) => `answered ${res.status} after ${Date.now() - started} ms`,
      () => 'connection lost',
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    await first.kill();
    expect(await fork, 'the fork must still be replaying when the server is killed (scenario too light for this machine?)').toBe('connection lost');

    // Nothing of the fork: no simulation row, and no row of any other table names an unknown id.
    expect(storedIds()).toEqual(before);

    const second = await startServerProcess({ databasePath, env: ENV });
    servers.push(second);
    const lineage = await call(second, 'GET', `/v1/simulations/${parent}/lineage`);
    expect(lineage.body.forks).toEqual([]);
    const again = await call(second, 'POST', `/v1/simulations/${parent}/forks`, { atTick });
    expect(again.status).toBe(201);
    const after = storedIds();
    expect(after.simulations).toEqual([parent, again.body.id].sort());
    expect(after.referenced.every((id) => after.simulations.includes(id))).toBe(true);
    // Whole: the fork's state is the parent's at that tick.
    const { status: _a, ...forkState } = again.body.state;
    const { status: _b, ...parentState } = (await call(second, 'GET', `/v1/simulations/${parent}`)).body.state;
    expect(forkState).toEqual(parentState);
    await second.stop();
  }, 180_000);
});
