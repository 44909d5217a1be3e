/**
 * Checkpoints (docs/api.md, "Checkpoints" and "Trace pages"), against a real HTTP server on a
 * temporary SQLite file, the engine in process (what is measured is how far a read replays, not
 * the pool). Prints figures, asserts nothing.
 *
 * 1. Reading 100 trace ticks starting at tick 1 000 and at tick 100 000 of the same simulation
 *    (`calm-equilibrium`, 24 agents, made to run 100 100 ticks): the median of several reads of
 *    each. Target: within a factor of 2 of each other (both replay from a checkpoint at most
 *    one interval away; without checkpoints the second would replay 100 000 ticks).
 * 2. Checkpoint bytes stored per 10 000 ticks for `crowded-large` (2 400 agents), the largest
 *    pre-built scenario: BENCH_LARGE_TICKS ticks (default 10 000; it completes earlier when its
 *    basins collapse) are stepped, the stored checkpoints summed and scaled to 10 000 ticks
 *    from the ticks actually reached (checkpoints are evenly spaced).
 *
 *   npx tsx apps/api/bench/timeline.bench.ts
 *   BENCH_LARGE_TICKS=10000 npx tsx apps/api/bench/timeline.bench.ts
 */
import { checkpointInterval } from '../src/engine-work/checkpoint-interval.js';
import { startLiveServer, type LiveServer } from '../test/live/support/live-server.js';
import { prebuiltScenario } from '../test/support/scenario-files.js';

const LONG_TICKS = 100_100;
const READS = Number(process.env.BENCH_READS ?? 7);
const LARGE_TICKS = Number(process.env.BENCH_LARGE_TICKS ?? 10_000);
const STEP_MAX = 10_000;

/** A pre-built scenario as an inline one that may run `maxTicks` ticks. */
function inline(name: string, maxTicks: number): Record<string, unknown> {
  const scenario = prebuiltScenario(name) as Record<string, unknown>;
  const rules = (scenario.rules ?? {}) as Record<string, unknown>;
  return { ...scenario, rules: { ...rules, maxTicks } };
}

async function create(server: LiveServer, scenario: Record<string, unknown>): Promise<{ id: string; agents: number }> {
  const res = await server.call('/v1/simulations', { key: 'key-a', body: { scenario } });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${await res.text()}`);
  return { id: ((await res.json()) as { id: string }).id, agents: (scenario.agents as unknown[]).length };
}

/** Steps up to `ticks` ticks (fewer if the simulation completes); the seconds taken and the tick reached. */
async function stepTo(server: LiveServer, id: string, ticks: number): Promise<{ seconds: number; tick: number }> {
  const started = performance.now();
  let tick = 0;
  while (tick < ticks) {
    const res = await server.call(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: Math.min(STEP_MAX, ticks - tick) } });
    if (res.status !== 200) throw new Error(`step: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { state: { tick: number; status: string } };
    tick = body.state.tick;
    if (body.state.status === 'completed') break;
  }
  return { seconds: (performance.now() - started) / 1000, tick };
}

/** Median time of READS reads of ticks from…from+99, in ms, and the ticks the last read held. */
async function readPage(server: LiveServer, id: string, from: number): Promise<{ ms: number; ticks: number }> {
  const times: number[] = [];
  let ticks = 0;
  for (let i = 0; i < READS; i++) {
    const started = performance.now();
    const res = await server.call(`/v1/simulations/${id}/trace?fromTick=${from}&limit=100`, { key: 'key-a', headers: { accept: 'application/x-ndjson' } });
    const body = await res.text();
    times.push(performance.now() - started);
    ticks = body.split('\n').filter((line) => line !== '').length;
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] as number, ticks };
}

const server = await startLiveServer();
try {
  const calm = await create(server, inline('calm-equilibrium', 1_000_000));
  console.log(`calm-equilibrium (${calm.agents} agents, a checkpoint every ${checkpointInterval(calm.agents)} ticks): stepping to ${LONG_TICKS} ticks…`);
  const long = await stepTo(server, calm.id, LONG_TICKS);
  console.log(`  stepped to tick ${long.tick} in ${long.seconds.toFixed(1)} s`);
  const early = await readPage(server, calm.id, 1_000);
  const late = await readPage(server, calm.id, 100_000);
  const ratio = Math.max(early.ms, late.ms) / Math.min(early.ms, late.ms);
  console.log(`  100 trace ticks from tick 1 000:   ${early.ms.toFixed(1)} ms (median of ${READS}; ${early.ticks} lines)`);
  console.log(`  100 trace ticks from tick 100 000: ${late.ms.toFixed(1)} ms (median of ${READS}; ${late.ticks} lines)`);
  console.log(`  ratio ${ratio.toFixed(2)} (target: at most 2) ${ratio <= 2 ? 'ok' : 'MISSED'}`);

  const large = await create(server, inline('crowded-large', 1_000_000));
  const every = checkpointInterval(large.agents);
  console.log(`crowded-large (${large.agents} agents, a checkpoint every ${every} ticks): stepping ${LARGE_TICKS} ticks…`);
  const stepped = await stepTo(server, large.id, LARGE_TICKS);
  console.log(`  stepped to tick ${stepped.tick} in ${stepped.seconds.toFixed(1)} s${stepped.tick < LARGE_TICKS ? ' (it completed there)' : ''}`);
  let bytes = 0;
  let count = 0;
  for (let tick = stepped.tick; ;) {
    const checkpoint = await server.storage.simulations.nearestCheckpoint(large.id, tick);
    if (checkpoint === undefined) break;
    bytes += checkpoint.bytes.byteLength;
    count++;
    tick = checkpoint.tick - 1;
  }
  const per10k = (bytes * 10_000) / stepped.tick;
  console.log(`  ${count} checkpoints, ${(bytes / 1e6).toFixed(2)} MB over ${stepped.tick} ticks (${(bytes / Math.max(1, count) / 1e3).toFixed(1)} kB each)`);
  console.log(`  checkpoint bytes per 10 000 ticks: ${(per10k / 1e6).toFixed(1)} MB${stepped.tick === 10_000 ? '' : ` (scaled from ${stepped.tick} ticks)`}`);
} finally {
  await server.close();
}
