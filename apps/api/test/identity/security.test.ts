import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { sql } from 'kysely';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, type Authenticator, type Scope } from '../../src/identity/auth-context.js';
import { createAuthenticator } from '../../src/identity/authenticator.js';
import type { IdentityStore } from '../../src/identity/identity-store.js';
import { mountIdentityRoutes } from '../../src/routes/mount-identity-routes.js';
import { issueApiKey, provisionOrganization } from '../../src/identity/provisioning.js';
import type { UsageLedger, UsageRecorder } from '../../src/identity/usage-recorder.js';
import { createKyselyIdentityStore } from '../../src/storage/identity-store-kysely.js';
import { createKyselyUsageLedger } from '../../src/storage/identity-usage-ledger-kysely.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { OTHER_JWT_SECRET, TEST_JWT_SECRET, signHs256, unsignedToken } from './support/jwt-fixtures.js';

/**
 * The security table: every route the app registers is tried with every kind of bad credential.
 * Routes are read from the app itself, so a route added later is covered without editing this file;
 * only the public ones are listed here.
 */
const PUBLIC = new Set([
  'GET /v1/health',
  'GET /v1/openapi.json',
  'GET /v1/docs',
  'GET /v1/docs/assets/standalone.js',
  'GET /v1/scenarios',
  'GET /v1/scenarios/:id',
  'GET /v1/domains',
  'GET /v1/domains/:id',
  // The viewer's page and assets: it asks for credentials itself and sends them only to /v1.
  'GET /',
  'GET /assets/:file',
]);

function requiredScope(method: string, path: string): Scope {
  if (path === '/v1/organization') return 'org:read';
  if (path === '/v1/usage') return 'usage:read';
  return method === 'GET' ? 'simulation:read' : 'simulation:write';
}

let server: TestServer;
/** Anything the app logged as an unhandled error; must stay empty. */
const serverErrors: string[] = [];
let app: OpenAPIHono;
let store: IdentityStore;
let ledger: UsageLedger;
let orgA = '';
let orgB = '';
let simA = '';
let simB = '';
/** A decree of A's simulation, for /v1/simulations/:id/decrees/:decreeId. */
let decreeA = '';
/** Keys of organization A: all scopes; one revoked; one per scope, lacking exactly that scope. */
let keyA = '';
let revokedKey = '';
const keyLacking = {} as Record<Scope, string>;
let keyB = '';
let jwtA = '';
let jwtB = '';
/** Valid bodies, so a refusal is about credentials and tenancy, never about validation. */
const bodies = new Map<string, unknown>();

beforeAll(async () => {
  let real: Authenticator | undefined;
  // The authenticator needs the server's database, which exists only once the server does.
  const lazy: Authenticator = { authenticate: (credentials) => real!.authenticate(credentials) };
  let mountedApp: OpenAPIHono | undefined;
  const recorder: UsageRecorder = {
    recordRequest: (...a) => ledger.recordRequest(...a),
    recordSimulationCreated: (...a) => ledger.recordSimulationCreated(...a),
    recordTicks: (...a) => ledger.recordTicks(...a),
  };
  server = await startTestServer({
    authenticator: lazy,
    logger: { info() {}, warn() {}, error: (message, fields) => serverErrors.push(`${message} ${JSON.stringify(fields)}`) },
    usage: recorder,
    extensions: {
      usage: recorder,
      mount(root, { guards, mountRouter }) {
        mountedApp = root;
        mountIdentityRoutes(mountRouter, {
          guards,
          identityStore: lazyStore(),
          usage: { dailyUsage: (...args) => ledger.dailyUsage(...args) },
        });
      },
    },
  });
  app = mountedApp!;
  store = createKyselyIdentityStore(server.storage.db);
  ledger = createKyselyUsageLedger(server.storage.db);
  real = createAuthenticator({ identityStore: store, jwt: { secret: TEST_JWT_SECRET } });

  orgA = (await provisionOrganization(store, { name: 'org-a', tier: 'pro' })).id;
  orgB = (await provisionOrganization(store, { name: 'org-b', tier: 'pro' })).id;
  keyA = (await issueApiKey(store, { organizationId: orgA, scopes: SCOPES })).key;
  keyB = (await issueApiKey(store, { organizationId: orgB, scopes: SCOPES })).key;
  const revoked = await issueApiKey(store, { organizationId: orgA, scopes: SCOPES });
  revokedKey = revoked.key;
  await store.revokeApiKey(revoked.record.id, new Date().toISOString());
  for (const scope of SCOPES) {
    keyLacking[scope] = (await issueApiKey(store, { organizationId: orgA, scopes: SCOPES.filter((s) => s !== scope) })).key;
  }
  const allScopes = SCOPES.join(' ');
  jwtA = await signHs256({ sub: 'user-a', scope: allScopes, orgs: [orgA] });
  jwtB = await signHs256({ sub: 'user-b', scope: allScopes, orgs: [orgB] });

  const create = async (key: string) => {
    const res = await server.call('/v1/simulations', { key, body: { scenarioId: 'tiny-valley' } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  simA = await create(keyA);
  simB = await create(keyB);
  // Some activity on A's simulation, so its lists are not empty.
  expect((await server.call(`/v1/simulations/${simA}/step`, { key: keyA, body: { ticks: 2 } })).status).toBe(200);
  const shock = { type: 'shock', payload: { x: 1, y: 1, radius: 1, magnitude: 0.1 } };
  const decree = await server.call(`/v1/simulations/${simA}/decrees`, { key: keyA, body: shock });
  expect(decree.status).toBe(201);
  decreeA = ((await decree.json()) as { id: string }).id;

  const domains = (await (await server.call('/v1/domains')).json()) as { data: { id: string; example: unknown }[] };
  const domain = domains.data[0];
  bodies.set('POST /v1/simulations', { scenarioId: 'tiny-valley' });
  bodies.set('POST /v1/simulations/run', { scenarioId: 'tiny-valley', ticks: 1 });
  bodies.set('POST /v1/simulations/from-domain', { domain: domain?.id, input: domain?.example });
  bodies.set('POST /v1/simulations/:id/step', { ticks: 1 });
  bodies.set('POST /v1/simulations/:id/decrees', shock);
  bodies.set('PUT /v1/simulations/:id/agent-policy', { agentId: 'agent-1', policy: { lambda: 0.5 } });
  bodies.set('PUT /v1/simulations/:id/time-control', { action: 'pause' });
  bodies.set('POST /v1/simulations/:id/forks', { atTick: 1 });
  bodies.set('POST /v1/experiments', { base: { scenarioId: 'tiny-valley' }, replications: 1, seed: 1, ticks: 1, metrics: ['losses'] });

  function lazyStore(): IdentityStore {
    return new Proxy({} as IdentityStore, {
      get:
        (_t, name: keyof IdentityStore) =>
        (...args: never[]) =>
          (store[name] as (...a: never[]) => unknown)(...args),
    });
  }
});
afterAll(async () => {
  expect(serverErrors).toEqual([]);
  await ledger.close();
  await server.close();
});

interface Route {
  method: string;
  path: string;
  name: string;
}

function appRoutes(): Route[] {
  const seen = new Set<string>();
  const routes: Route[] = [];
  for (const { method, path } of app.routes) {
    if (method === 'ALL') continue;
    const name = `${method} ${path}`;
    if (seen.has(name)) continue;
    seen.add(name);
    routes.push({ method, path, name });
  }
  return routes;
}
const protectedRoutes = () => appRoutes().filter((r) => !PUBLIC.has(r.name));

/** Sends `route` for simulation `sim` with the given headers and a valid body. */
function send(route: Route, headers: Record<string, string>, sim = simA, query = ''): Promise<Response> {
  // A comparison of the simulation with itself: both ids are the one under test.
  const path = route.path.replace(':id', sim).replace(':decreeId', decreeA).replace(':otherId', sim).replace(':tick', '0') + query;
  const hasBody = route.method === 'POST' || route.method === 'PUT';
  return server.call(path, { method: route.method, headers, ...(hasBody ? { body: bodies.get(route.name) ?? {} } : {}) });
}

async function expectError(res: Response, status: number, code: string): Promise<{ error: { code: string; details: unknown; requestId: string } }> {
  const text = await res.text();
  expect({ status: res.status, text }).toMatchObject({ status });
  const body = JSON.parse(text) as { error: { code: string; details: unknown; requestId: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.requestId).toBe(res.headers.get('x-request-id'));
  // A 401 names the schemes that would be accepted (RFC 9110, 15.5.2); no other status does.
  expect(res.headers.get('www-authenticate')).toBe(status === 401 ? 'ApiKey header="X-Api-Key", Bearer' : null);
  return body;
}

describe('the route table', () => {
  it('finds the protected routes the core registered, and each declares security in the OpenAPI description', async () => {
    const names = protectedRoutes().map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'GET /v1/simulations',
        'POST /v1/simulations',
        'GET /v1/simulations/:id',
        'POST /v1/simulations/:id/step',
        'GET /v1/organization',
        'GET /v1/usage',
      ]),
    );
    const doc = (await (await fetch(`${server.baseUrl}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    for (const route of protectedRoutes()) {
      const operation = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      if (operation)
        expect({ route: route.name, security: operation.security }).toEqual({ route: route.name, security: expect.arrayContaining([{ ApiKeyAuth: [] }]) });
    }
  });

  it('keeps the public routes public', async () => {
    for (const path of ['/v1/health', '/v1/openapi.json', '/v1/docs', '/v1/scenarios', '/v1/scenarios/tiny-valley', '/v1/domains']) {
      expect({ path, status: (await fetch(`${server.baseUrl}${path}`)).status }).toEqual({ path, status: 200 });
    }
  });
});

describe.each([
  ['no credentials', () => ({})],
  ['a bad key', () => ({ 'X-Api-Key': `sim_${'A'.repeat(43)}` })],
  ['a malformed key', () => ({ 'X-Api-Key': 'not-a-key' })],
  ['a revoked key', () => ({ 'X-Api-Key': revokedKey })],
  ['both headers', () => ({ 'X-Api-Key': keyA, Authorization: `Bearer ${jwtA}` })],
  [
    'an expired JWT',
    async () => ({
      Authorization: `Bearer ${await signHs256({ sub: 'u', scope: SCOPES.join(' '), orgs: [orgA] }, TEST_JWT_SECRET, Math.floor(Date.now() / 1000) - 5)}`,
    }),
  ],
  ['a JWT with alg none', () => ({ Authorization: `Bearer ${unsignedToken({ sub: 'u', scope: SCOPES.join(' '), orgs: [orgA] })}` })],
  [
    'a JWT signed with another secret',
    async () => ({ Authorization: `Bearer ${await signHs256({ sub: 'u', scope: SCOPES.join(' '), orgs: [orgA] }, OTHER_JWT_SECRET)}` }),
  ],
  [
    'a JWT without exp',
    async () => ({ Authorization: `Bearer ${await signHs256({ sub: 'u', scope: SCOPES.join(' '), orgs: [orgA] }, TEST_JWT_SECRET, null)}` }),
  ],
  ['a Basic authorization', () => ({ Authorization: 'Basic dXNlcjpwYXNz' })],
  // A valid key in the wrong header: Authorization carries JWTs only (docs/identity.md, "JWTs").
  ['a valid API key sent as a Bearer token', () => ({ Authorization: `Bearer ${keyA}` })],
] as const)('with %s', (_label, headers) => {
  it('every protected route answers 401 UNAUTHORIZED', async () => {
    const h = await headers();
    for (const route of protectedRoutes()) {
      const res = await send(route, h);
      expect({ route: route.name, status: res.status }).toEqual({ route: route.name, status: 401 });
      await expectError(res, 401, 'UNAUTHORIZED');
    }
  });
});

describe('a key lacking the scope of the route', () => {
  it('gets 403 FORBIDDEN naming the scope, on every protected route', async () => {
    for (const route of protectedRoutes()) {
      const scope = requiredScope(route.method, route.path);
      const res = await send(route, { 'X-Api-Key': keyLacking[scope] });
      expect({ route: route.name, status: res.status }).toEqual({ route: route.name, status: 403 });
      const body = await expectError(res, 403, 'FORBIDDEN');
      expect(body.error.details).toEqual({ required: scope });
    }
  });
});

describe('tenant isolation', () => {
  const simulationRoutes = () => protectedRoutes().filter((r) => r.path.startsWith('/v1/simulations/:id'));

  it.each([
    ['an API key', () => ({ 'X-Api-Key': keyB })],
    ['a JWT', () => ({ Authorization: `Bearer ${jwtB}` })],
  ])('%s of another organization gets 401 on every /v1/simulations/{id}… route, and sees nothing of it', async (_label, headers) => {
    for (const route of simulationRoutes()) {
      if ((route.method === 'POST' || route.method === 'PUT') && !bodies.has(route.name)) {
        throw new Error(`add a valid sample body for ${route.name} to the security table`);
      }
      const res = await send(route, headers());
      const text = await res.clone().text();
      expect({ route: route.name, status: res.status, challenge: res.headers.get('www-authenticate') !== null }).toEqual({
        route: route.name,
        status: 401,
        challenge: true,
      });
      await expectError(res, 401, 'UNAUTHORIZED');
      expect(text).not.toContain(orgA);
    }
    // A's simulation is untouched by B's attempts: still at tick 2.
    const own = (await (await server.call(`/v1/simulations/${simA}`, { key: keyA })).json()) as { state: { tick: number } };
    expect(own.state.tick).toBe(2);
  });

  it('the same requests with the owner’s key are not refused for tenancy (control)', async () => {
    for (const route of simulationRoutes().filter((r) => r.method === 'GET' && !r.path.endsWith('/events'))) {
      expect({ route: route.name, status: (await send(route, { 'X-Api-Key': keyA })).status }).toEqual({ route: route.name, status: 200 });
    }
  });

  it('an organizationId of another organization in a body is 403 FORBIDDEN', async () => {
    const creating = protectedRoutes().filter((r) => r.method === 'POST' && !r.path.includes(':id'));
    expect(creating.length).toBeGreaterThanOrEqual(3);
    for (const route of creating) {
      for (const headers of [{ 'X-Api-Key': keyA }, { Authorization: `Bearer ${jwtA}` }] as Record<string, string>[]) {
        const body = { ...(bodies.get(route.name) as object), organizationId: orgB };
        const res = await server.call(route.path, { method: 'POST', headers, body });
        expect({ route: route.name, status: res.status }).toEqual({ route: route.name, status: 403 });
        await expectError(res, 403, 'FORBIDDEN');
      }
    }
  });

  it('an organizationId of another organization in a query is 403 (ignored on the simulation list for API keys)', async () => {
    for (const path of ['/v1/organization', '/v1/usage', '/v1/simulations']) {
      const res = await server.call(`${path}?organizationId=${orgB}`, { bearer: jwtA });
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      await expectError(res, 403, 'FORBIDDEN');
    }
    for (const path of ['/v1/organization', '/v1/usage']) {
      await expectError(await server.call(`${path}?organizationId=${orgB}`, { key: keyA }), 403, 'FORBIDDEN');
    }
    const list = await server.call(`/v1/simulations?organizationId=${orgB}`, { key: keyA });
    expect(list.status).toBe(200);
    const page = (await list.json()) as { data: { id: string; organizationId: string }[] };
    expect(page.data.every((s) => s.organizationId === orgA)).toBe(true);
  });

  it("no response to B's credentials contains anything of A (lists included)", async () => {
    for (const headers of [{ 'X-Api-Key': keyB }, { Authorization: `Bearer ${jwtB}` }] as Record<string, string>[]) {
      for (const path of [
        '/v1/simulations',
        '/v1/simulations?limit=200',
        `/v1/simulations/${simB}`,
        `/v1/simulations/${simB}/decrees`,
        `/v1/simulations/${simB}/prophecies`,
        '/v1/organization',
        '/v1/usage',
      ]) {
        const res = await server.call(path, { headers });
        const text = await res.text();
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
        expect(text).not.toContain(orgA);
        expect(text).not.toContain(simA);
      }
    }
    const list = (await (await server.call('/v1/simulations', { key: keyB })).json()) as { data: { id: string }[]; pagination: { total: number } };
    expect(list.data.map((s) => s.id)).toContain(simB);
    expect(list.pagination.total).toBe(list.data.length);
  });
});

describe('usage accounting', () => {
  it("counts requests by class per organization; B's usage holds nothing of A's", async () => {
    const usage = (await (await server.call('/v1/usage', { key: keyA })).json()) as {
      totals: { requests: Record<string, number>; simulationsCreated: number };
    };
    // Setup: one create, one step, one decree (create class); the owner's GETs above (read).
    expect(usage.totals.requests.create).toBeGreaterThanOrEqual(2);
    expect(usage.totals.requests.step).toBeGreaterThanOrEqual(1);
    expect(usage.totals.requests.read).toBeGreaterThanOrEqual(4);
    expect(usage.totals.simulationsCreated).toBeGreaterThanOrEqual(1);
    const other = (await (await server.call('/v1/usage', { key: keyB })).json()) as { totals: { simulationsCreated: number; ticksComputed: number } };
    // B created one simulation and never advanced one (its attempts on A's were refused).
    expect(other.totals).toMatchObject({ simulationsCreated: 1, ticksComputed: 0 });
  });
});

describe('key storage', () => {
  it('the database holds no plaintext key, only hashes', async () => {
    const rows = await server.storage.db.selectFrom('api_keys').selectAll().execute();
    const dump = JSON.stringify(rows);
    for (const key of [keyA, keyB, revokedKey, ...Object.values(keyLacking)]) {
      expect(dump).not.toContain(key);
      expect(dump).not.toContain(key.slice(12));
    }
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.key_hash))).toBe(true);
    // And not in the files either (database, WAL and shared memory).
    const { rows: files } = await sql<{ file: string }>`PRAGMA database_list`.execute(server.storage.db);
    const dbFile = files[0]?.file ?? '';
    expect(dbFile).not.toBe('');
    for (const file of readdirSync(dirname(dbFile)).filter((f) => f.startsWith(basename(dbFile)))) {
      const bytes = readFileSync(join(dirname(dbFile), file));
      for (const key of [keyA, keyB]) expect(bytes.includes(Buffer.from(key.slice(12)))).toBe(false);
    }
  });
});
