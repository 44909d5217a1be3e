import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkerPoolRunner } from '../../src/engine-work/worker-pool-runner.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { tinyValleyEveryTick } from '../helpers/tiny-valley.js';

/**
 * Issue 23's forks and compares, scaled to seconds: a world that prophesies every tick (so its
 * stored history grows by a prophecy and an event a tick), stepped to a late tick, forked near
 * it and compared with the fork, the engine on a worker thread. A fork stores nothing of the
 * history it shares (docs/api.md, "Forks"), and the server keeps answering health meanwhile.
 */

type Json = any;
const LATE = 3_000;
let server: TestServer;
let engine: ReturnType<typeof createWorkerPoolRunner>;
beforeAll(async () => {
  engine = createWorkerPoolRunner({ threads: 1 });
  server = await startTestServer({ engine });
});
afterAll(async () => {
  await server.close();
  await engine.close();
}, 30_000);

const json = async (res: Response): Promise<Json> => {
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${res.status} ${text}`);
  return JSON.parse(text);
};
const rowsOf = async (table: 'simulation_events' | 'prophecies' | 'simulation_inputs' | 'simulation_checkpoints', id: string): Promise<number> =>
  (await server.storage.db.selectFrom(table).select('simulation_id').where('simulation_id', '=', id).execute()).length;

/** GET /v1/health, on its own connection, every 20 ms until `work` settles: each answer's milliseconds. */
async function healthWhile(work: Promise<unknown>): Promise<number[]> {
  let settled = false;
  void work.then(
    () => (settled = true),
    () => (settled = true),
  );
  const samples: number[] = [];
  while (!settled) {
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}/v1/health`, { headers: { Connection: 'close' } });
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    samples.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await work;
  return samples;
}
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

describe('a fork at a late tick of a world that prophesies every tick', { timeout: 120_000 }, () => {
  it('shares the parent’s history: no event, prophecy or checkpoint row of it is copied, and reads resolve through the parent', async () => {
    const parent = (await json(await server.call('/v1/simulations', { key: 'key-a', body: { scenario: tinyValleyEveryTick() } }))).id as string;
    for (let tick = 0; tick < LATE; tick += 1_000) await json(await server.call(`/v1/simulations/${parent}/step`, { key: 'key-a', body: { ticks: 1_000 } }));
    expect(await rowsOf('prophecies', parent)).toBeGreaterThanOrEqual(LATE - 10);

    const forking = server.call(`/v1/simulations/${parent}/forks`, { key: 'key-a', body: { atTick: LATE - 1 } });
    const health = await healthWhile(forking);
    const fork = await json(await forking);
    expect(fork).toMatchObject({ parent: { id: parent, atTick: LATE - 1 }, state: { tick: LATE - 1 } });
    expect(median(health)).toBeLessThan(100);

    // Nothing of the shared history was stored again.
    expect([
      await rowsOf('simulation_events', fork.id),
      await rowsOf('prophecies', fork.id),
      await rowsOf('simulation_inputs', fork.id),
      await rowsOf('simulation_checkpoints', fork.id),
    ]).toEqual([0, 0, 0, 0]);
    // Yet the fork answers its history as its own: every prophecy up to atTick, under its own ids.
    const mine = await json(await server.call(`/v1/simulations/${fork.id}/prophecies?limit=100&order=desc`, { key: 'key-a' }));
    const theirs = await json(
      await server.call(`/v1/simulations/${parent}/prophecies?limit=100&order=desc&offset=${(await rowsOf('prophecies', parent)) - mine.pagination.total}`, {
        key: 'key-a',
      }),
    );
    expect(mine.data[0].tick).toBe(LATE - 1);
    expect(mine.data.map((p: Json) => p.data)).toEqual(theirs.data.map((p: Json) => p.data));
    expect(mine.data.map((p: Json) => p.id)).not.toEqual(theirs.data.map((p: Json) => p.id));
    // And it computes on from there exactly as its parent did.
    await json(await server.call(`/v1/simulations/${fork.id}/step`, { key: 'key-a', body: { ticks: 1 } }));
    const comparing = server.call(`/v1/simulations/${parent}/compare/${fork.id}`, { key: 'key-a' });
    const duringCompare = await healthWhile(comparing);
    const compared = await json(await comparing);
    expect(compared).toMatchObject({ range: { fromTick: 1, toTick: LATE }, firstDifferenceTick: null });
    expect(compared.simulation.prophecyCount).toBe(compared.other.prophecyCount);
    expect(median(duringCompare)).toBeLessThan(100);
  });
});
