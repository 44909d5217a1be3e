/**
 * Cost of authentication on a protected GET: the same app and route, once with the real
 * authenticator (API key → one indexed lookup by hash) and once with an authenticator that
 * accepts everything. Prints both req/s and the difference.
 *
 *   npx tsx apps/api/bench/auth.bench.ts            (5 s per run)
 *   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 npx tsx apps/api/bench/auth.bench.ts
 */
import { serve, type ServerType } from '@hono/node-server';
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.js';
import { repoRoot } from '../src/config.js';
import { SCOPES, type AuthContext, type Authenticator } from '../src/identity/auth-context.js';
import { createAuthenticator } from '../src/identity/authenticator.js';
import { issueApiKey, provisionOrganization } from '../src/identity/provisioning.js';
import { systemClock } from '../src/lib/clock.js';
import { silentLogger } from '../src/lib/logger.js';
import { createAdapterDomainCatalog } from '../src/scenarios/adapter-domain-catalog.js';
import { loadScenarioFolder } from '../src/scenarios/load-scenario-folder.js';
import { createScenarioCatalog } from '../src/scenarios/scenario-catalog.js';
import { InProcessEventBus } from '../src/simulations/event-bus.js';
import { createKyselyIdentityStore } from '../src/storage/identity-store-kysely.js';
import { openSqlite } from '../src/storage/sqlite/open-sqlite.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const dir = mkdtempSync(join(tmpdir(), 'sim-auth-bench-'));
const storage = await openSqlite(join(dir, 'bench.db'));
const identityStore = createKyselyIdentityStore(storage.db);
const organization = await provisionOrganization(identityStore, { name: 'bench', tier: 'enterprise' });
const { key, record } = await issueApiKey(identityStore, { organizationId: organization.id, scopes: SCOPES });

const realAuth = createAuthenticator({ identityStore, onBackgroundError: () => {} });
// The same caller the key resolves to, without looking anything up.
const acceptAll: Authenticator = {
  authenticate: async () => {
    const auth: AuthContext = { method: 'api-key', identity: `key:${record.id}`, organizationIds: [organization.id], scopes: new Set(SCOPES), tier: 'enterprise' };
    return { ok: true, auth };
  },
};

const scenarios = createScenarioCatalog(loadScenarioFolder(join(repoRoot(), 'scenarios'), silentLogger).scenarios);
const buildApp = (authenticator: Authenticator) =>
  createApp({
    store: storage.simulations,
    authenticator,
    scenarios,
    domains: createAdapterDomainCatalog(),
    clock: systemClock,
    config: { serviceVersion: 'bench' },
    events: new InProcessEventBus(),
    logger: silentLogger,
  });

// One simulation to read.
const setup = buildApp(realAuth);
const [firstScenario] = scenarios.list();
const created = await setup.request('/v1/simulations', {
  method: 'POST',
  headers: { 'X-Api-Key': key, 'Content-Type': 'application/json' },
  body: JSON.stringify({ scenarioId: firstScenario?.id }),
});
if (created.status !== 201) throw new Error(`setup failed: ${created.status} ${await created.text()}`);
const { id } = (await created.json()) as { id: string };
const path = `/v1/simulations/${id}`;

async function measure(label: string, authenticator: Authenticator): Promise<number> {
  const app = buildApp(authenticator);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  const check = await fetch(url, { headers: { 'X-Api-Key': key } });
  if (check.status !== 200) throw new Error(`${label}: GET ${path} answered ${check.status}`);
  // Warm-up, then the measured run.
  await autocannon({ url, connections, duration: 1, headers: { 'X-Api-Key': key } });
  const result = await autocannon({ url, connections, duration: seconds, headers: { 'X-Api-Key': key } });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const non2xx = result.non2xx + result.errors;
  console.log(
    `${label.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms${non2xx ? `   (${non2xx} failed)` : ''}`,
  );
  return result.requests.average;
}

console.log(`GET /v1/simulations/{id}, ${connections} connections, ${seconds} s per run\n`);
const open = await measure('auth off (accepts everything)', acceptAll);
const withKey = await measure('API key (SHA-256 + indexed lookup)', realAuth);
console.log(`\nAPI-key authentication costs ${(((open - withKey) / open) * 100).toFixed(1)} % of throughput on this route.`);

await realAuth.flush();
await storage.close();
rmSync(dir, { recursive: true, force: true });
