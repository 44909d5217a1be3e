/**
 * Cost of authentication on a protected GET: the same app and route, once with the real
 * authenticator as the server wires it (API key → lookup by hash, cached until the key tables
 * change) and once with an authenticator that accepts everything. Prints both req/s and the
 * difference.
 *
 *   npx tsx apps/api/bench/auth.bench.ts            (3 alternating rounds of 5 s per mode)
 *   BENCH_SECONDS=10 BENCH_ROUNDS=5 BENCH_CONNECTIONS=50 npx tsx apps/api/bench/auth.bench.ts
 */
import { serve, type ServerType } from '@hono/node-server';
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.js';
import { appDeps } from '../test/helpers/app-deps.js';
import { repoRoot } from '../src/config.js';
import { SCOPES, type AuthContext, type Authenticator } from '../src/identity/auth-context.js';
import { createAuthenticator } from '../src/identity/authenticator.js';
import { issueApiKey, provisionOrganization } from '../src/identity/provisioning.js';
import { silentLogger } from '../src/lib/logger.js';
import { loadScenarioFolder } from '../src/scenarios/load-scenario-folder.js';
import { createScenarioCatalog } from '../src/scenarios/scenario-catalog.js';
import { createKyselyIdentityStore } from '../src/storage/identity-store-kysely.js';
import { openSqlite } from '../src/storage/sqlite/open-sqlite.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

const dir = mkdtempSync(join(tmpdir(), 'sim-auth-bench-'));
const storage = await openSqlite(join(dir, 'bench.db'));
const identityStore = createKyselyIdentityStore(storage.db, { changes: storage.changes });
const organization = await provisionOrganization(identityStore, { name: 'bench', tier: 'enterprise' });
const { key, record } = await issueApiKey(identityStore, { organizationId: organization.id, scopes: SCOPES });

const realAuth = createAuthenticator({ identityStore, onBackgroundError: () => {} });
// The same caller the key resolves to, without looking anything up.
const acceptAll: Authenticator = {
  authenticate: async () => {
    const auth: AuthContext = {
      method: 'api-key',
      identity: `key:${record.id}`,
      organizationIds: [organization.id],
      scopes: new Set(SCOPES),
      tier: 'enterprise',
    };
    return { ok: true, auth };
  },
};

const scenarios = createScenarioCatalog(loadScenarioFolder(join(repoRoot(), 'scenarios'), silentLogger).scenarios);
const buildApp = (authenticator: Authenticator) => createApp(appDeps(storage, { authenticator, scenarios, config: { serviceVersion: 'bench' } }));

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

async function startServer(authenticator: Authenticator): Promise<{ url: string; close: () => Promise<void> }> {
  const app = buildApp(authenticator);
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  const check = await fetch(url, { headers: { 'X-Api-Key': key } });
  if (check.status !== 200) throw new Error(`GET ${path} answered ${check.status}`);
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function run(url: string, duration: number): Promise<{ rps: number; p50: number; p99: number; failed: number }> {
  const result = await autocannon({ url, connections, duration, headers: { 'X-Api-Key': key } });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, failed: result.non2xx + result.errors };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const modes = [
  { label: 'auth off (accepts everything)', server: await startServer(acceptAll), samples: [] as Awaited<ReturnType<typeof run>>[] },
  { label: 'API key (SHA-256 + indexed lookup)', server: await startServer(realAuth), samples: [] as Awaited<ReturnType<typeof run>>[] },
];
console.log(`GET /v1/simulations/{id}, ${connections} connections, ${rounds} alternating rounds of ${seconds} s per mode\n`);
for (const mode of modes) await run(mode.server.url, 1); // warm-up
// Alternating rounds, order flipped each round, so a busy moment on the machine hits both modes.
for (let round = 0; round < rounds; round += 1) {
  for (const mode of round % 2 === 0 ? modes : [...modes].reverse()) mode.samples.push(await run(mode.server.url, seconds));
}
for (const mode of modes) {
  const failed = mode.samples.reduce((n, s) => n + s.failed, 0);
  console.log(
    `${mode.label.padEnd(36)} median ${median(mode.samples.map((s) => s.rps))
      .toFixed(0)
      .padStart(6)} req/s` +
      `   p50 ${median(mode.samples.map((s) => s.p50))} ms   p99 ${median(mode.samples.map((s) => s.p99))} ms` +
      `   (rounds: ${mode.samples.map((s) => s.rps.toFixed(0)).join(', ')})${failed ? `   ${failed} failed` : ''}`,
  );
}
const [open, withKey] = modes.map((m) => median(m.samples.map((s) => s.rps)));
console.log(`\nAPI-key authentication costs ${((((open ?? 0) - (withKey ?? 0)) / (open ?? 1)) * 100).toFixed(1)} % of median throughput on this route.`);
for (const mode of modes) await mode.server.close();
await realAuth.flush();
await storage.close();
rmSync(dir, { recursive: true, force: true });
