/**
 * Forks at a late tick: the time of POST /v1/simulations/{id}/forks at tick 100 000 (and 10 000,
 * for scale) of a small scenario, through the real app with the engine on a worker pool (one
 * thread), SQLite in a temp file. The fork replays the parent's history from its nearest
 * checkpoint to atTick, so its time should hardly grow with atTick; prints figures, asserts nothing. Also the time of comparing the fork
 * (stepped 1 000 ticks on) with its parent, which replays both.
 *
 *   npx tsx apps/api/bench/fork.bench.ts
 *   BENCH_FORK_TICKS=20000 npx tsx apps/api/bench/fork.bench.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createWorkerPoolRunner } from '../src/engine-work/worker-pool-runner.js';
import { startTestServer } from '../test/helpers/test-server.js';
import { REPO_ROOT } from '../test/support/server-process.js';

const LATE = Number(process.env.BENCH_FORK_TICKS ?? 100_000);
const SCENARIO = 'calm-equilibrium';
const STEP = 10_000;

const file = JSON.parse(readFileSync(join(REPO_ROOT, 'scenarios', `${SCENARIO}.json`), 'utf8')) as Record<string, unknown>;
const scenario = { seed: file.seed, agents: file.agents, initialState: file.initialState, ...(file.rules ? { rules: file.rules } : {}) };

const engine = createWorkerPoolRunner({ threads: 1 });
const server = await startTestServer({ engine });
const call = async (path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> => {
  const res = await server.call(path, { key: 'key-a', ...(body === undefined ? {} : { body }) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};
const timed = async <T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> => {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
};

try {
  const created = await call('/v1/simulations', { scenario });
  const id = created.json.id as string;
  const built = await timed(async () => {
    for (let tick = 0; tick < LATE; tick += STEP) await call(`/v1/simulations/${id}/step`, { ticks: Math.min(STEP, LATE - tick) });
  });
  console.log(`${SCENARIO} (${(scenario.agents as unknown[]).length} agents): parent stepped to tick ${LATE} in ${(built.ms / 1000).toFixed(1)} s`);
  let fork = '';
  for (const atTick of [LATE / 10, LATE]) {
    const { ms, value } = await timed(() => call(`/v1/simulations/${id}/forks`, { atTick }));
    if (value.status !== 201) throw new Error(`fork at ${atTick}: ${value.status} ${JSON.stringify(value.json)}`);
    fork = value.json.id as string;
    console.log(`fork at tick ${String(atTick).padStart(6)}: ${ms.toFixed(0)} ms (from the parent's nearest checkpoint)`);
  }
  await call(`/v1/simulations/${fork}/step`, { ticks: 1_000 });
  await call(`/v1/simulations/${id}/step`, { ticks: 1_000 });
  const compared = await timed(() => call(`/v1/simulations/${id}/compare/${fork}`));
  console.log(`compare over ${LATE + 1_000} common ticks: ${compared.ms.toFixed(0)} ms, first difference ${String(compared.value.json.firstDifferenceTick)}`);
} finally {
  await server.close();
  await engine.close();
}
