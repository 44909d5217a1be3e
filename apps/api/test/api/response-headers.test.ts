import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../../src/identity/tier-limits.js';
import { MAX_BODY_BYTES } from '../../src/lib/body-limit.js';
import { createSimulation } from '../helpers/create-simulation.js';
import { protectedAppsClosedAfterEach } from '../idempotency/support/protected-app.js';
import { startLiveServer, type LiveServer } from '../live/support/live-server.js';

let server: LiveServer;
let simulationId: string;
beforeAll(async () => {
  server = await startLiveServer();
  simulationId = await createSimulation(server);
  // A trace exists once a tick has been computed.
  await server.call(`/v1/simulations/${simulationId}/step`, { key: 'key-a', body: { ticks: 3 } });
});
afterAll(async () => {
  await server.close();
});

const headersOf = (res: Response) => ({ nosniff: res.headers.get('x-content-type-options'), cache: res.headers.get('cache-control') });
const TENANT = { nosniff: 'nosniff', cache: 'no-store' };
const PUBLIC = { nosniff: 'nosniff', cache: 'public, max-age=60' };

describe('X-Content-Type-Options and Cache-Control', () => {
  it('authenticated responses are no-store: JSON, the complete simulation read, NDJSON, 201 and 200 of POST', async () => {
    const cases: Array<[string, Promise<Response>]> = [
      ['list', server.call('/v1/simulations', { key: 'key-a' })],
      ['read (complete response)', server.call(`/v1/simulations/${simulationId}`, { key: 'key-a' })],
      ['trace as NDJSON', server.call(`/v1/simulations/${simulationId}/trace`, { key: 'key-a', headers: { Accept: 'application/x-ndjson' } })],
      [
        'run as NDJSON',
        server.call('/v1/simulations/run', { key: 'key-a', body: { scenarioId: 'tiny-valley', ticks: 3 }, headers: { Accept: 'application/x-ndjson' } }),
      ],
      ['create', server.call('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley' } })],
      ['step', server.call(`/v1/simulations/${simulationId}/step`, { key: 'key-a', body: { ticks: 1 } })],
      ['prophecies', server.call(`/v1/simulations/${simulationId}/prophecies`, { key: 'key-a' })],
    ];
    for (const [name, pending] of cases) {
      const res = await pending;
      await res.arrayBuffer();
      expect({ name, status: res.status < 300, ...headersOf(res) }).toEqual({ name, status: true, ...TENANT });
    }
  });

  it('errors are no-store, on public routes too: 400, 401, 403, 404, 413, unknown route', async () => {
    const cases: Array<[string, Promise<Response>]> = [
      ['400', server.call('/v1/simulations?limit=0', { key: 'key-a' })],
      ['401', server.call('/v1/simulations')],
      ['403', server.call('/v1/simulations', { key: 'key-a-write' })],
      ['404 scenario', server.call('/v1/scenarios/no-such-scenario')],
      ['404 domain', server.call('/v1/domains/no-such-domain')],
      ['404 route', server.call('/v1/nothing-here')],
      ['413', server.call('/v1/scenarios', { body: 'x'.repeat(MAX_BODY_BYTES + 1) })],
    ];
    for (const [name, pending] of cases) {
      const res = await pending;
      await res.arrayBuffer();
      expect({ name, status: res.status >= 400, ...headersOf(res) }).toEqual({ name, status: true, ...TENANT });
    }
  });

  it('health is no-store; scenarios, domains and the OpenAPI document are public for a minute; the docs page revalidates', async () => {
    expect(headersOf(await server.call('/v1/health'))).toEqual(TENANT);
    for (const path of ['/v1/scenarios', '/v1/scenarios/tiny-valley', '/v1/domains', '/v1/domains/epidemic', '/v1/openapi.json']) {
      const res = await server.call(path);
      expect({ path, status: res.status, ...headersOf(res) }).toEqual({ path, status: 200, ...PUBLIC });
    }
    expect(headersOf(await server.call('/v1/docs'))).toEqual({ nosniff: 'nosniff', cache: 'no-cache' });
  });

  it('the SSE stream is no-store, no-transform, and nosniff', async () => {
    const abort = new AbortController();
    const res = await fetch(`${server.baseUrl}/v1/simulations/${simulationId}/events`, { headers: { 'X-Api-Key': 'key-a' }, signal: abort.signal });
    expect(res.status).toBe(200);
    expect(headersOf(res)).toEqual({ nosniff: 'nosniff', cache: 'no-store, no-transform' });
    abort.abort();
  });
});

describe('with rate limits', () => {
  const open = protectedAppsClosedAfterEach();
  const ONE_READ: TierLimitsTable = {
    ...DEFAULT_TIER_LIMITS,
    free: { ...DEFAULT_TIER_LIMITS.free, rateLimits: { windowSeconds: 60, create: 1, step: 1, read: 1 } },
  };

  it('a 429, whether from the IP limiter or an identity limiter, is no-store and nosniff', async () => {
    const p = await open({ tiers: ONE_READ });
    await p.request('/v1/scenarios');
    const byIp = await p.request('/v1/scenarios');
    expect([byIp.status, headersOf(byIp)]).toEqual([429, TENANT]);
    await p.request('/v1/simulations', { key: 'key-a' });
    const byKey = await p.request('/v1/simulations', { key: 'key-a' });
    expect([byKey.status, headersOf(byKey)]).toEqual([429, TENANT]);
  });
});
