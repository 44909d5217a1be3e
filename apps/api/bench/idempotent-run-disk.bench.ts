/**
 * Disk growth per idempotent `run`: POST /v1/simulations/run of a few thousand ticks of
 * tiny-valley with an Idempotency-Key, NDJSON, through the real app (both middlewares, SQLite in
 * a temp file, the engine on this thread). Prints what the key's record stores now (a
 * reference: its stored bytes) beside the baseline measured in the same run, the body's own
 * size, which the record stored before; and the time of the replay (regenerated) against the
 * first answer. Asserts nothing.
 *
 *   npx tsx apps/api/bench/idempotent-run-disk.bench.ts
 *   BENCH_IDEMPOTENT_TICKS=10000 npx tsx apps/api/bench/idempotent-run-disk.bench.ts
 */
import { buildProtectedApp } from '../test/idempotency/support/protected-app.js';

const TICKS = Number(process.env.BENCH_IDEMPOTENT_TICKS ?? 3_000);
const p = await buildProtectedApp();
try {
  const request = {
    key: 'key-enterprise',
    body: { scenarioId: 'tiny-valley', ticks: TICKS },
    headers: { 'Idempotency-Key': 'bench', Accept: 'application/x-ndjson' },
  };
  const timed = async (): Promise<{ bytes: number; ms: number; replayed: string | null }> => {
    const started = performance.now();
    const res = await p.request('/v1/simulations/run', request);
    if (res.status !== 201) throw new Error(`run: ${res.status} ${await res.text()}`);
    const bytes = (await res.arrayBuffer()).byteLength;
    return { bytes, ms: performance.now() - started, replayed: res.headers.get('idempotency-replayed') };
  };
  const first = await timed();
  const record = await p.storage.db.selectFrom('idempotency_keys').select(['stored_bytes']).executeTakeFirstOrThrow();
  const replay = await timed();
  const stored = Number(record.stored_bytes);
  console.log(`run of ${TICKS} ticks of tiny-valley, NDJSON, with an Idempotency-Key`);
  console.log(`body, as the record stored it before (baseline): ${(first.bytes / 1048576).toFixed(2)} MB`);
  console.log(`the record now (a reference):                    ${stored} bytes (${(stored / first.bytes).toFixed(5)}× the baseline)`);
  console.log(
    `first answer ${first.ms.toFixed(0)} ms; replay (regenerated, ${replay.bytes === first.bytes ? 'same length' : 'LENGTH DIFFERS'}, replayed ${String(replay.replayed)}) ${replay.ms.toFixed(0)} ms (${(replay.ms / first.ms).toFixed(2)}×)`,
  );
} finally {
  await p.close();
}
