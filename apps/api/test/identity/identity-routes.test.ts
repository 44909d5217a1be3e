import { OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthenticator } from '../../src/identity/authenticator.js';
import type { IdentityStore } from '../../src/identity/identity-store.js';
import { issueApiKey, provisionOrganization } from '../../src/identity/provisioning.js';
import { requireAuth } from '../../src/identity/require-auth.js';
import { requireScope } from '../../src/identity/require-scope.js';
import type { UsageLedger } from '../../src/identity/usage-recorder.js';
import { errorHandler } from '../../src/http/error-handler.js';
import { silentLogger } from '../../src/lib/logger.js';
import { countRequests } from '../../src/http/count-requests.js';
import { organizationRouter } from '../../src/routes/organization/organization.index.js';
import { usageRouter } from '../../src/routes/usage/usage.index.js';
import { createKyselyIdentityStore } from '../../src/storage/identity-store-kysely.js';
import { createKyselyUsageLedger } from '../../src/storage/identity-usage-ledger-kysely.js';
import { TEST_JWT_SECRET, signHs256 } from './support/jwt-fixtures.js';
import { tempIdentityDatabase } from './support/temp-identity-database.js';

let database: Awaited<ReturnType<typeof tempIdentityDatabase>>;
let store: IdentityStore;
let ledger: UsageLedger;
let app: OpenAPIHono;
let acme: string;
let globex: string;
let initech: string;
let fullKey: string;
let readOnlyKey: string;
const NOW = new Date('2030-06-15T12:00:00Z');

beforeAll(async () => {
  database = await tempIdentityDatabase();
  store = createKyselyIdentityStore(database.db);
  ledger = createKyselyUsageLedger(database.db, { now: () => NOW });
  acme = (await provisionOrganization(store, { name: 'acme', tier: 'enterprise' })).id;
  globex = (await provisionOrganization(store, { name: 'globex', tier: 'free' })).id;
  initech = (await provisionOrganization(store, { name: 'initech', tier: 'pro' })).id;
  fullKey = (await issueApiKey(store, { organizationId: acme, scopes: ['org:read', 'usage:read', 'simulation:read'] })).key;
  readOnlyKey = (await issueApiKey(store, { organizationId: acme, scopes: ['simulation:read'] })).key;
  const authenticator = createAuthenticator({ identityStore: store, jwt: { secret: TEST_JWT_SECRET } });
  const auth = requireAuth(authenticator);
  app = new OpenAPIHono();
  app.onError(errorHandler(silentLogger));
  app.route('/', organizationRouter({ identityStore: store, guard: [auth, countRequests(ledger, 'read'), requireScope('org:read')] }));
  app.route('/', usageRouter({ usage: ledger, guard: [auth, countRequests(ledger, 'read'), requireScope('usage:read')], clock: { now: () => NOW } }));
});
afterAll(async () => {
  await ledger.close();
  await database.destroy();
});

const get = (path: string, headers: Record<string, string>) => app.request(path, { headers });
const jwtFor = (orgs: string[], scope = 'org:read usage:read') => signHs256({ sub: 'alice', scope, orgs });

describe('GET /v1/organization', () => {
  it("returns the key's organization with its tier limits", async () => {
    const res = await get('/v1/organization', { 'x-api-key': fullKey });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: acme,
      name: 'acme',
      tier: 'enterprise',
      createdAt: expect.any(String),
      limits: {
        rateLimits: { windowSeconds: 60, create: 3000, step: 6000, read: 30000 },
        work: { ceiling: 100_000_000, perWindow: 1_000_000_000 },
        concurrentStreams: 200,
      },
    });
  });

  it('lets a JWT caller pick among its orgs (default the first) and refuses others with 403', async () => {
    const token = await jwtFor([globex, initech]);
    const first = await get('/v1/organization', { authorization: `Bearer ${token}` });
    expect((await first.json()) as { id: string; limits: { concurrentStreams: number } }).toMatchObject({ id: globex, limits: { concurrentStreams: 2 } });
    const second = await get(`/v1/organization?organizationId=${initech}`, { authorization: `Bearer ${token}` });
    expect(((await second.json()) as { tier: string }).tier).toBe('pro');
    const other = await get(`/v1/organization?organizationId=${acme}`, { authorization: `Bearer ${token}` });
    expect(other.status).toBe(403);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
  });

  it('refuses an API key naming another organization with 403, a bad id with 400, a missing scope with 403', async () => {
    expect((await get(`/v1/organization?organizationId=${globex}`, { 'x-api-key': fullKey })).status).toBe(403);
    const bad = await get('/v1/organization?organizationId=nope', { 'x-api-key': fullKey });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { details: { issues: { path: string }[] } } }).error.details.issues[0]?.path).toBe('organizationId');
    const scope = await get('/v1/organization', { 'x-api-key': readOnlyKey });
    expect(scope.status).toBe(403);
    expect(((await scope.json()) as { error: { details: unknown } }).error.details).toEqual({ required: 'org:read' });
    expect((await get('/v1/organization', {})).status).toBe(401);
  });
});

describe('GET /v1/usage', () => {
  it('reports per day what was recorded, including this very request class', async () => {
    ledger.recordSimulationCreated(acme, new Date('2030-06-14T08:00:00Z'));
    ledger.recordTicks(acme, 120, new Date('2030-06-14T08:00:00Z'));
    ledger.recordTicks(globex, 999, new Date('2030-06-14T08:00:00Z'));
    const res = await get('/v1/usage?from=2030-06-14&to=2030-06-15', { 'x-api-key': fullKey });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      organizationId: string;
      data: { date: string; ticksComputed: number; requests: { read: number } }[];
      totals: { ticksComputed: number; simulationsCreated: number };
    };
    expect(body.organizationId).toBe(acme);
    expect(body.data.map((d) => d.date)).toEqual(['2030-06-14', '2030-06-15']);
    expect(body.data[0]?.ticksComputed).toBe(120);
    expect(body.totals).toMatchObject({ ticksComputed: 120, simulationsCreated: 1 });
    // The requests of the organization tests above and this one are counted in the read class.
    expect(body.data[1]?.requests.read).toBeGreaterThanOrEqual(3);
  });

  it('defaults to the last 30 days and validates the range', async () => {
    const res = await get('/v1/usage', { 'x-api-key': fullKey });
    const body = (await res.json()) as { from: string; to: string; data: unknown[] };
    expect(body).toMatchObject({ from: '2030-05-17', to: '2030-06-15' });
    expect(body.data).toHaveLength(30);
    expect((await get('/v1/usage?from=2030-06-16&to=2030-06-15', { 'x-api-key': fullKey })).status).toBe(400);
    expect((await get('/v1/usage?from=2020-01-01&to=2030-06-15', { 'x-api-key': fullKey })).status).toBe(400);
    expect((await get('/v1/usage?from=2030-02-30', { 'x-api-key': fullKey })).status).toBe(400);
    expect((await get(`/v1/usage?organizationId=${globex}`, { 'x-api-key': fullKey })).status).toBe(403);
  });

  it.each(['2026-13-01', '2026-02-30', '2026-00-10', '2026-04-31', '2025-02-29', '2026-1-1', '2026-01-00', '0000-00-00'])(
    'refuses the impossible day %s in from and in to with 400 VALIDATION_ERROR at the parameter',
    async (day) => {
      for (const name of ['from', 'to']) {
        const res = await get(`/v1/usage?${name}=${day}`, { 'x-api-key': fullKey });
        expect(res.status).toBe(400);
        const body = (await res.json()) as { error: { code: string; details: { issues: Array<{ path: string }> } } };
        expect(body.error.code).toBe('VALIDATION_ERROR');
        expect(body.error.details.issues.map((issue) => issue.path)).toEqual([name]);
      }
    },
  );

  it('refuses a query parameter that neither route declares with 400 at its name', async () => {
    for (const path of ['/v1/usage?from=2030-06-01&colour=red', '/v1/organization?colour=red']) {
      const res = await get(path, { 'x-api-key': fullKey });
      const body = (await res.json()) as { error: { code: string; details: { issues: Array<{ path: string }> } } };
      expect([res.status, body.error.code, body.error.details.issues.map((issue) => issue.path)]).toEqual([400, 'VALIDATION_ERROR', ['colour']]);
    }
  });

  it('accepts the days that exist at the edges of months (29 February of a leap year, 31 December)', async () => {
    const res = await get('/v1/usage?from=2028-02-29&to=2028-12-31', { 'x-api-key': fullKey });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown[] }).data).toHaveLength(307);
  });
});
