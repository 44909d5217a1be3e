/**
 * Cost of the rate-limit and idempotency middlewares: the same app and routes with both switched
 * off, with rate limits counted in the database (one UPSERT per request, what main runs) or in
 * memory, and with Idempotency-Key on every POST. Prints req/s and latency; no assertions.
 *
 *   npx tsx apps/api/bench/middleware.bench.ts            (5 s per run)
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 npx tsx apps/api/bench/middleware.bench.ts
 */
import { serve, type ServerType } from '@hono/node-server';
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.js';
import { appDeps } from '../test/helpers/app-deps.js';
import type { AppExtensions } from '../src/app-deps.js';
import { repoRoot } from '../src/config.js';
import { SCOPES, type AuthContext, type Authenticator } from '../src/identity/auth-context.js';
import type { TierLimitsTable } from '../src/identity/tier-limits.js';
import { idempotency } from '../src/idempotency/idempotency.js';
import { systemClock } from '../src/lib/clock.js';
import { silentLogger } from '../src/lib/logger.js';
import { createRateLimiting } from '../src/rate-limit/create-rate-limiting.js';
import { MemoryRateLimitStore } from '../src/rate-limit/memory-rate-limit-store.js';
import { loadScenarioFolder } from '../src/scenarios/load-scenario-folder.js';
import { createScenarioCatalog } from '../src/scenarios/scenario-catalog.js';
import { createKyselyIdempotencyStore } from '../src/storage/idempotency-store-kysely.js';
import { createKyselyRateLimitStore } from '../src/storage/rate-limit-store-kysely.js';
import { openSqlite } from '../src/storage/sqlite/open-sqlite.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const dir = mkdtempSync(join(tmpdir(), 'sim-middleware-bench-'));
const storage = await openSqlite(join(dir, 'bench.db'));
const ORG = '0b7e1f2a-5c3d-4e6f-8a9b-1c2d3e4f5a6b';
const caller: AuthContext = { method: 'api-key', identity: 'key:bench', organizationIds: [ORG], scopes: new Set(SCOPES), tier: 'enterprise' };
// Authentication is not what is measured here: the caller is known without a lookup.
const authenticator: Authenticator = { authenticate: async () => ({ ok: true, auth: caller }) };
// Limits nobody reaches, so every request does the full work and none is refused.
const huge = { windowSeconds: 60, create: 1e9, step: 1e9, read: 1e9 };
const hugeWork = { ceiling: 1e12, perWindow: 1e12 };
const tiers: TierLimitsTable = {
  free: { rateLimits: huge, work: hugeWork, concurrentStreams: 2, streamBytesPerSecond: 1_048_576, storage: { quotaBytes: 1e15 } },
  pro: { rateLimits: huge, work: hugeWork, concurrentStreams: 20, streamBytesPerSecond: 4_194_304, storage: { quotaBytes: 1e15 } },
  enterprise: { rateLimits: huge, work: hugeWork, concurrentStreams: 200, streamBytesPerSecond: 16_777_216, storage: { quotaBytes: 1e15 } },
};
const scenarios = createScenarioCatalog(loadScenarioFolder(join(repoRoot(), 'scenarios'), silentLogger).scenarios);
// The smallest scenario, so the route's own work does not hide the middlewares' cost.
const scenarioId = scenarios
  .list()
  .map((summary) => ({ id: summary.id, size: JSON.stringify(scenarios.get(summary.id)).length }))
  .sort((a, b) => a.size - b.size)[0]?.id;

function buildApp(extensions: AppExtensions) {
  return createApp(appDeps(storage, { authenticator, scenarios, config: { serviceVersion: 'bench' }, extensions }));
}
const rateLimited = (store: 'database' | 'memory'): AppExtensions => {
  const limiting = createRateLimiting({
    store: store === 'database' ? createKyselyRateLimitStore(storage.db) : new MemoryRateLimitStore(),
    clock: systemClock,
    tiers,
  });
  return { beforeRoutes: [limiting.byIp], rateLimit: limiting.byIdentity };
};
const idempotent = (): AppExtensions => ({ idempotency: idempotency({ store: createKyselyIdempotencyStore(storage.db), clock: systemClock }) });

// One simulation to read.
const created = await buildApp({}).request('/v1/simulations', {
  method: 'POST',
  headers: { 'X-Api-Key': 'bench', 'Content-Type': 'application/json' },
  body: JSON.stringify({ scenarioId }),
});
if (created.status !== 201) throw new Error(`setup failed: ${created.status} ${await created.text()}`);
const { id } = (await created.json()) as { id: string };

interface Run {
  label: string;
  extensions: AppExtensions;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** 'fresh': a new Idempotency-Key per request; 'same': one key, so every request but the first replays. */
  key?: 'fresh' | 'same';
}

let keySeq = 0;
async function measure(run: Run): Promise<number> {
  const app = buildApp(run.extensions);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // Any key: the bench authenticator accepts it (the header must be there for requireAuth).
  const headers: Record<string, string> = { 'X-Api-Key': 'bench', ...(run.body === undefined ? {} : { 'Content-Type': 'application/json' }) };
  const sameKey = `same-${keySeq++}`;
  const requests = [
    {
      method: run.method,
      path: run.path,
      headers,
      ...(run.body === undefined ? {} : { body: run.body }),
      setupRequest: (request: { headers?: Record<string, string> }) => {
        if (run.key !== undefined) request.headers = { ...request.headers, 'Idempotency-Key': run.key === 'fresh' ? `k-${keySeq++}` : sameKey };
        return request;
      },
    },
  ];
  const options = { url, connections, requests } as unknown as autocannon.Options;
  await autocannon({ ...options, duration: 1 }); // warm-up
  const result = await autocannon({ ...options, duration: seconds });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const failed = result.non2xx + result.errors;
  console.log(
    `${run.label.padEnd(52)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(3)} ms   p99 ${String(result.latency.p99).padStart(3)} ms${failed ? `   (${failed} failed)` : ''}`,
  );
  return result.requests.average;
}

const percent = (base: number, other: number): string => `${(((base - other) / base) * 100).toFixed(1)} %`;

console.log(`Rate-limit and idempotency middlewares, ${connections} connections, ${seconds} s per run\n`);
const read = `/v1/simulations/${id}`;
const step = `/v1/simulations/${id}/step`;
const body = JSON.stringify({ ticks: 1 });
// JIT and page cache: the first seconds of a process run slower than the rest; keep them out.
process.stdout.write('warming up… ');
for (const run of [
  { method: 'GET' as const, path: read },
  { method: 'POST' as const, path: step, body },
]) {
  const app = buildApp({});
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const headers = { 'X-Api-Key': 'bench', 'Content-Type': 'application/json' };
  await autocannon({
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    connections,
    duration: 3,
    requests: [{ ...run, headers }],
  } as unknown as autocannon.Options);
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
console.log('done\n');
console.log(`GET ${read.replace(id, '{id}')} (Read class)`);
const readOff = await measure({ label: 'middlewares off', extensions: {}, method: 'GET', path: read });
const readDb = await measure({ label: 'rate limit, counters in the database (UPSERT)', extensions: rateLimited('database'), method: 'GET', path: read });
const readMem = await measure({ label: 'rate limit, counters in memory', extensions: rateLimited('memory'), method: 'GET', path: read });
const readOffAgain = await measure({ label: 'middlewares off (again, to see drift)', extensions: {}, method: 'GET', path: read });

console.log(`\nPOST ${step.replace(id, '{id}')} {"ticks":1} (Step class)`);
const postOff = await measure({ label: 'middlewares off', extensions: {}, method: 'POST', path: step, body });
const postIdem = await measure({ label: 'Idempotency-Key, a new key per request', extensions: idempotent(), method: 'POST', path: step, body, key: 'fresh' });
const postBoth = await measure({
  label: 'rate limit (database) + new Idempotency-Key',
  extensions: { ...rateLimited('database'), ...idempotent() },
  method: 'POST',
  path: step,
  body,
  key: 'fresh',
});
const replay = await measure({
  label: 'rate limit (database) + replayed key',
  extensions: { ...rateLimited('database'), ...idempotent() },
  method: 'POST',
  path: step,
  body,
  key: 'same',
});
const postOffAgain = await measure({ label: 'middlewares off (again, to see drift)', extensions: {}, method: 'POST', path: step, body });
const postBase = (postOff + postOffAgain) / 2;

const readBase = (readOff + readOffAgain) / 2;
console.log(
  `\nRead: the database-backed rate limit costs ${percent(readBase, readDb)} of throughput, the in-memory one ${percent(readBase, readMem)} (base: mean of both runs off).`,
);
console.log(
  `Step: idempotency (reserve + complete) costs ${percent(postBase, postIdem)}; with the rate limit ${percent(postBase, postBoth)}; a replay runs at ${(replay / postBase).toFixed(1)}× the unprotected step.`,
);

// The storage work alone, one request after another: what each middleware adds per request.
async function perCall(label: string, n: number, call: (i: number) => unknown): Promise<void> {
  for (let i = 0; i < 500; i += 1) await call(-1 - i);
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i += 1) await call(i);
  const micros = Number(process.hrtime.bigint() - started) / 1000 / n;
  console.log(`${label.padEnd(52)} ${micros.toFixed(1).padStart(7)} µs per request`);
}
console.log('\nStorage work per request, sequential (no HTTP):');
const dbCounters = createKyselyRateLimitStore(storage.db);
const memCounters = new MemoryRateLimitStore();
const records = createKyselyIdempotencyStore(storage.db);
const window = Math.floor(Date.now() / 60_000) * 60;
await perCall('rate limit: UPSERT … RETURNING (database)', 20_000, () => dbCounters.increment('key:bench|read', window));
await perCall('rate limit: in-memory increment', 20_000, () => memCounters.increment('key:bench|read', window));
const small = new TextEncoder().encode('{"state":{"tick":1},"ticks":1}');
await perCall('idempotency: reserve + complete (new key)', 10_000, async (i) => {
  const scope = `bench-${i}`.padEnd(64, '0');
  const now = Date.now();
  await records.reserve({ scope, token: scope.slice(0, 36), fingerprint: 'f'.repeat(64), now, expiresAt: now + 86_400_000, lockedUntil: now + 300_000 });
  await records.complete(scope, scope.slice(0, 36), {
    status: 200,
    headers: [['content-type', 'application/json']],
    body: small,
    chunkCount: 0,
    bodyComplete: true,
  });
});

await storage.close();
rmSync(dir, { recursive: true, force: true });
