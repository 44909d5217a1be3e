/**
 * Disk growth per fork at a late tick: a world that prophesies every tick (tiny-valley with
 * prophecyInterval 1, so its history grows by a prophecy and a few events a tick) stepped to
 * a late tick, then forked near it, through the real app with the engine on a worker pool (one
 * thread), SQLite in a temp file. Prints the database's growth per fork (pages after a WAL
 * checkpoint) and its time, beside the baseline measured in the same run: the bytes of the
 * parent's history up to atTick (events, prophecies, checkpoints), which a fork copied before
 * it shared them. Asserts nothing.
 *
 *   npx tsx apps/api/bench/fork-disk.bench.ts
 *   BENCH_FORK_DISK_TICKS=50000 npx tsx apps/api/bench/fork-disk.bench.ts
 */
import { sql } from 'kysely';
import { readFileSync } from 'node:fs';
import { createWorkerPoolRunner } from '../src/engine-work/worker-pool-runner.js';
import { FIXTURE_SCENARIOS } from '../test/helpers/app-deps.js';
import { startTestServer } from '../test/helpers/test-server.js';

const LATE = Number(process.env.BENCH_FORK_DISK_TICKS ?? 10_000);
const FORKS = 5;
const STEP = 5_000;

const file = JSON.parse(readFileSync(`${FIXTURE_SCENARIOS}/tiny-valley.json`, 'utf8')) as Record<string, unknown> & { rules: Record<string, unknown> };
const scenario = { seed: file.seed, agents: file.agents, initialState: file.initialState, rules: { ...file.rules, prophecyInterval: 1 } };
const mb = (bytes: number): string => `${(bytes / 1048576).toFixed(2)} MB`;

const engine = createWorkerPoolRunner({ threads: 1 });
const server = await startTestServer({ engine });
const call = async (path: string, body?: unknown): Promise<Record<string, unknown>> => {
  const res = await server.call(path, { key: 'key-a', ...(body === undefined ? {} : { body }) });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${path}: ${res.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
};
/** The database's size in bytes once the write-ahead log is folded into it. */
async function databaseBytes(): Promise<number> {
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(server.storage.db);
  const pages = await sql<{ page_count: number }>`PRAGMA page_count`.execute(server.storage.db);
  const size = await sql<{ page_size: number }>`PRAGMA page_size`.execute(server.storage.db);
  return Number(pages.rows[0]?.page_count) * Number(size.rows[0]?.page_size);
}
/** The bytes of a simulation's history up to `atTick`: what a copying fork wrote again. */
async function historyBytes(id: string, atTick: number): Promise<number> {
  const sum = async (table: 'simulation_events' | 'prophecies', column: 'data'): Promise<number> =>
    Number(
      (
        await sql<{
          n: number;
        }>`SELECT coalesce(sum(length(${sql.ref(column)})), 0) AS n FROM ${sql.table(table)} WHERE simulation_id = ${id} AND tick <= ${atTick}`.execute(
          server.storage.db,
        )
      ).rows[0]?.n,
    );
  const checkpoints = Number(
    (
      await sql<{
        n: number;
      }>`SELECT coalesce(sum(length(snapshot)), 0) AS n FROM simulation_checkpoints WHERE simulation_id = ${id} AND tick <= ${atTick}`.execute(
        server.storage.db,
      )
    ).rows[0]?.n,
  );
  return (await sum('simulation_events', 'data')) + (await sum('prophecies', 'data')) + checkpoints;
}

try {
  const parent = (await call('/v1/simulations', { scenario })).id as string;
  for (let tick = 0; tick < LATE; tick += STEP) await call(`/v1/simulations/${parent}/step`, { ticks: Math.min(STEP, LATE - tick) });
  const atTick = LATE - 1;
  const copied = await historyBytes(parent, atTick);
  const before = await databaseBytes();
  const started = performance.now();
  for (let i = 0; i < FORKS; i++) await call(`/v1/simulations/${parent}/forks`, { atTick });
  const ms = (performance.now() - started) / FORKS;
  const growth = ((await databaseBytes()) - before) / FORKS;
  console.log(`tiny-valley, a prophecy every tick, stepped to tick ${LATE}; ${FORKS} forks at tick ${atTick}`);
  console.log(`history a copying fork wrote again (baseline): ${mb(copied)} a fork`);
  console.log(
    `database growth per fork, sharing:             ${(growth / 1024).toFixed(1)} KiB a fork (${(growth / copied).toFixed(4)}× the baseline), ${ms.toFixed(0)} ms a fork`,
  );
} finally {
  await server.close();
  await engine.close();
}
