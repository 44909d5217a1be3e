import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, tempDir, type ServerProcess } from '../support/server-process.js';
import { fixtureScenario } from '../support/scenario-files.js';

/**
 * A server killed with SIGKILL in the middle of an experiment resumes it at its next start and
 * completes it, computing only the runs not yet stored: every run is stored once, and no stored
 * result was computed twice. One worker thread, so the experiment takes long enough to be
 * killed mid-way.
 */

const dir = tempDir('sim-experiment-crash-');
const databasePath = join(dir.path, 'sim.db');
const servers: ServerProcess[] = [];
const ENV = { SIM_ENGINE_WORKERS: '1' };

afterAll(async () => {
  for (const server of servers) await server.kill();
  dir.remove();
});

type Json = any;

function tinyValley(): Record<string, unknown> {
  return { ...fixtureScenario('tiny-valley') };
}

async function view(server: ServerProcess, key: string, id: string): Promise<Json> {
  return (await fetch(`${server.baseUrl}/v1/experiments/${id}`, { headers: { 'X-Api-Key': key } })).json();
}

function readStored(id: string) {
  const db = new Database(databasePath, { readonly: true });
  try {
    const runs = db
      .prepare('SELECT COUNT(*) AS n, COUNT(DISTINCT combination * 100000 + replication) AS distinctRuns FROM experiment_runs WHERE experiment_id = ?')
      .get(id) as Json;
    const results = db.prepare('SELECT COUNT(*) AS n, MAX(computations) AS most FROM run_results').get() as Json;
    return { runs: runs.n as number, distinctRuns: runs.distinctRuns as number, results: results.n as number, mostComputations: results.most as number };
  } finally {
    db.close();
  }
}

describe('SIGKILL during an experiment', () => {
  it('resumes at the next start and completes with each run computed once', async () => {
    const first = await startServerProcess({ databasePath, env: ENV });
    servers.push(first);
    const key = first.apiKey!;
    const body = {
      base: { scenario: tinyValley() },
      vary: { 'rules.reflexivity': [-0.5, 0.5] },
      replications: 150,
      seed: 3,
      ticks: 200,
      metrics: ['finalStability', 'losses', 'prophecies'],
    };
    const res = await fetch(`${first.baseUrl}/v1/experiments`, {
      method: 'POST',
      headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as Json;

    let before: Json;
    for (let i = 0; i < 2000; i++) {
      before = await view(first, key, id);
      if (before.runs.done >= 20) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await first.kill();
    const storedAtKill = readStored(id);
    expect(storedAtKill.runs, 'the experiment must still be running when the server is killed').toBeLessThan(300);
    expect(storedAtKill.runs).toBeGreaterThanOrEqual(20);

    const second = await startServerProcess({ databasePath, env: ENV });
    servers.push(second);
    await second.waitForOutput(/experiments: 1 unfinished experiment\(s\) resumed/);
    let after: Json;
    for (let i = 0; i < 6000; i++) {
      after = await view(second, key, id);
      if (after.status !== 'running' && after.status !== 'queued') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(after.status).toBe('completed');
    expect(after.runs).toEqual({ total: 300, done: 300, computed: 300, reused: 0 });
    const stored = readStored(id);
    expect(stored).toEqual({ runs: 300, distinctRuns: 300, results: 300, mostComputations: 1 });
    const csv = await (await fetch(`${second.baseUrl}/v1/experiments/${id}/results`, { headers: { 'X-Api-Key': key, Accept: 'text/csv' } })).text();
    expect(csv.trimEnd().split('\r\n')).toHaveLength(301);
  }, 180_000);
});
