import { describe, expect, it } from 'vitest';
import { DEFAULT_TIER_LIMITS, type TierLimitsTable } from '../../src/identity/tier-limits.js';
import { clientIpResolver } from '../../src/rate-limit/client-ip.js';
import { ConcurrencyLimiter } from '../../src/lib/concurrency-limiter.js';
import { ManualClock, protectedAppsClosedAfterEach, type ProtectedApp } from '../idempotency/support/protected-app.js';

const open = protectedAppsClosedAfterEach();

/** Small limits: free 2 create / 3 step / 4 read; pro and enterprise ×10 and ×100. */
const SMALL: TierLimitsTable = {
  free: { ...DEFAULT_TIER_LIMITS.free, rateLimits: { windowSeconds: 60, create: 2, step: 3, read: 4 } },
  pro: { ...DEFAULT_TIER_LIMITS.pro, rateLimits: { windowSeconds: 60, create: 20, step: 30, read: 40 } },
  enterprise: { ...DEFAULT_TIER_LIMITS.enterprise, rateLimits: { windowSeconds: 60, create: 200, step: 300, read: 400 } },
};
const T0 = Date.parse('2030-01-01T00:00:10Z');

/** A request whose body is a stream: no Content-Length, so the server must count as it reads. */
function sendChunked(p: ProtectedApp, path: string, body: string, headers: Record<string, string>, ip: string, method = 'POST'): Promise<Response> {
  const bytes = new TextEncoder().encode(body);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.byteLength; at += 64 * 1024) controller.enqueue(bytes.subarray(at, at + 64 * 1024));
      controller.close();
    },
  });
  // `duplex` is required by undici for a stream body and missing from the DOM RequestInit type.
  const init = { method, headers: { 'Content-Type': 'application/json', ...headers }, body: stream, duplex: 'half' } as RequestInit;
  return Promise.resolve(p.app.request(path, init, { incoming: { socket: { remoteAddress: ip } } }));
}

const limits = (res: Response) => ({
  limit: Number(res.headers.get('x-ratelimit-limit')),
  remaining: Number(res.headers.get('x-ratelimit-remaining')),
  reset: Number(res.headers.get('x-ratelimit-reset')),
});

describe('rate limits', () => {
  it('refuses the N+1th request of a window with 429 RATE_LIMITED and headers that tell the truth', async () => {
    const clock = new ManualClock(T0);
    const p = await open({ tiers: SMALL, clock });
    for (let i = 0; i < 4; i += 1) {
      const res = await p.request('/v1/simulations', { key: 'key-a' });
      expect(res.status).toBe(200);
      expect(limits(res)).toEqual({ limit: 4, remaining: 3 - i, reset: Date.parse('2030-01-01T00:01:00Z') / 1000 });
    }
    clock.advance(5_000);
    const refused = await p.request('/v1/simulations', { key: 'key-a' });
    expect(refused.status).toBe(429);
    expect(limits(refused)).toEqual({ limit: 4, remaining: 0, reset: Date.parse('2030-01-01T00:01:00Z') / 1000 });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBe(limits(refused).reset - (T0 + 5_000) / 1000);
    const { error } = (await refused.json()) as { error: { code: string; details: Record<string, unknown>; requestId: string } };
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.details).toMatchObject({ routeClass: 'read', limit: 4, windowSeconds: 60, retryAfter });
    expect(error.requestId).toBe(refused.headers.get('x-request-id'));
  });

  it('opens a new window at the time X-RateLimit-Reset gave (injected clock)', async () => {
    const clock = new ManualClock(T0);
    const p = await open({ tiers: SMALL, clock });
    let last: Response | undefined;
    for (let i = 0; i < 5; i += 1) last = await p.request('/v1/simulations', { key: 'key-a' });
    expect(last?.status).toBe(429);
    const reset = limits(last!).reset;
    clock.set(reset * 1000 - 1);
    expect((await p.request('/v1/simulations', { key: 'key-a' })).status).toBe(429);
    clock.set(reset * 1000);
    const fresh = await p.request('/v1/simulations', { key: 'key-a' });
    expect(fresh.status).toBe(200);
    expect(limits(fresh)).toEqual({ limit: 4, remaining: 3, reset: reset + 60 });
  });

  it('counts Create, Step and Read separately', async () => {
    const p = await open({ tiers: SMALL, idempotent: false });
    const created = await p.request('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley' } });
    expect(limits(created)).toMatchObject({ limit: 2, remaining: 1 });
    const { id } = (await created.json()) as { id: string };
    expect(
      limits(await p.request(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'remove-agent', payload: { id: 'agent-6' } } })),
    ).toMatchObject({ limit: 2, remaining: 0 });
    expect((await p.request('/v1/simulations/run', { key: 'key-a', body: { scenarioId: 'tiny-valley', ticks: 1 } })).status).toBe(429);
    const step = await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 1 } });
    expect(step.status).toBe(200);
    expect(limits(step)).toMatchObject({ limit: 3, remaining: 2 });
    expect(limits(await p.request(`/v1/simulations/${id}`, { key: 'key-a' }))).toMatchObject({ limit: 4, remaining: 3 });
  });

  it('a 304 to a conditional read counts against the read limit and says so, as a 200 does', async () => {
    const p = await open({ tiers: SMALL, idempotent: false });
    const created = await p.request('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley' } });
    const { id } = (await created.json()) as { id: string };
    const ok = await p.request(`/v1/simulations/${id}`, { key: 'key-a' });
    expect(limits(ok)).toMatchObject({ limit: 4, remaining: 3 });
    const notModified = await p.request(`/v1/simulations/${id}`, { key: 'key-a', headers: { 'If-None-Match': ok.headers.get('etag') as string } });
    expect(notModified.status).toBe(304);
    expect(limits(notModified)).toEqual({ limit: 4, remaining: 2, reset: limits(ok).reset });
  });

  it('scales with the tier of the caller’s organization, per identity', async () => {
    const p = await open({ tiers: SMALL });
    expect(limits(await p.request('/v1/simulations', { key: 'key-a' })).limit).toBe(4);
    expect(limits(await p.request('/v1/simulations', { key: 'key-pro' })).limit).toBe(40);
    expect(limits(await p.request('/v1/simulations', { key: 'key-enterprise' })).limit).toBe(400);
    // Another identity of the same organization has its own bucket.
    expect(limits(await p.request('/v1/simulations', { key: 'key-a-read' })).remaining).toBe(3);
    expect(limits(await p.request('/v1/simulations', { bearer: 'jwt-ab' })).remaining).toBe(3);
  });

  it('counts requests refused for bad or missing credentials against the client IP, at the free tier', async () => {
    const p = await open({ tiers: SMALL });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await p.request('/v1/simulations', { key: 'wrong', ip: '198.51.100.7' })).status);
    const missing = await p.request('/v1/simulations', { ip: '198.51.100.7' });
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('ApiKey header="X-Api-Key", Bearer');
    expect(limits(missing)).toMatchObject({ limit: 4, remaining: 0 });
    const refused = await p.request('/v1/simulations', { key: 'wrong', ip: '198.51.100.7' });
    statuses.push(refused.status);
    // The 429 replaces the 401 whole: the challenge is the 401's alone.
    expect(refused.headers.get('www-authenticate')).toBeNull();
    statuses.push((await p.request('/v1/simulations', { ip: '198.51.100.7' })).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Another address, and a valid key from the same address, are not affected.
    expect((await p.request('/v1/simulations', { key: 'wrong', ip: '198.51.100.8' })).status).toBe(401);
    expect((await p.request('/v1/simulations', { key: 'key-a', ip: '198.51.100.7' })).status).toBe(200);
  });

  it('limits public routes by IP and puts the headers on every response, errors included', async () => {
    const p = await open({ tiers: SMALL });
    expect(limits(await p.request('/v1/scenarios', { ip: '203.0.113.9' }))).toMatchObject({ limit: 4, remaining: 3 });
    expect(limits(await p.request('/v1/nowhere', { ip: '203.0.113.9' }))).toMatchObject({ limit: 4, remaining: 2 });
    expect(limits(await p.request('/v1/simulations/not-a-uuid', { key: 'key-a', ip: '203.0.113.9' }))).toMatchObject({ limit: 4, remaining: 3 });
    const scopeRefused = await p.request('/v1/simulations', { key: 'key-a-read', body: { scenarioId: 'tiny-valley' } });
    expect(scopeRefused.status).toBe(403);
    expect(limits(scopeRefused)).toMatchObject({ limit: 2, remaining: 1 });
    // Health has a bucket of its own (see the health test below).
    expect(limits(await p.request('/v1/health', { ip: '203.0.113.9' }))).toMatchObject({ limit: 400 });
    expect(limits(await p.request('/v1/scenarios/tiny-valley', { ip: '203.0.113.9' }))).toMatchObject({ remaining: 1 });
    expect(limits(await p.request('/v1/scenarios/tiny-valley', { ip: '203.0.113.9' }))).toMatchObject({ remaining: 0 });
    const over = await p.request('/v1/scenarios', { ip: '203.0.113.9' });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).not.toBeNull();
  });

  it('gives health checks a bucket of their own per address, as large as the enterprise Read limit', async () => {
    const p = await open({ tiers: SMALL });
    // Ten monitors behind one address, each checking: far beyond the address's free Read limit of 4.
    for (let i = 0; i < 10; i += 1) {
      const res = await p.request('/v1/health', { ip: '192.0.2.50' });
      expect([res.status, limits(res).limit, limits(res).remaining]).toEqual([200, 400, 399 - i]);
    }
    // The address's ordinary bucket is untouched, and spending it does not stop the monitors.
    expect(limits(await p.request('/v1/scenarios', { ip: '192.0.2.50' }))).toMatchObject({ limit: 4, remaining: 3 });
    for (let i = 0; i < 4; i += 1) await p.request('/v1/scenarios', { ip: '192.0.2.50' });
    expect((await p.request('/v1/scenarios', { ip: '192.0.2.50' })).status).toBe(429);
    expect((await p.request('/v1/health', { ip: '192.0.2.50' })).status).toBe(200);
  });

  it('counts the socket address by default: a forged X-Forwarded-For does not change the bucket', async () => {
    const p = await open({ tiers: SMALL });
    const seen = [];
    for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3, 4.4.4.4']) {
      seen.push(limits(await p.request('/v1/scenarios', { ip: '192.0.2.60', headers: { 'X-Forwarded-For': forged, 'X-Real-IP': forged } })).remaining);
    }
    expect(seen).toEqual([3, 2, 1]);
  });

  it('counts an IPv6 client by its /64, so that it cannot take a fresh bucket per address', async () => {
    const p = await open({ tiers: SMALL });
    const from = async (ip: string) => limits(await p.request('/v1/scenarios', { ip })).remaining;
    // Four addresses of one /64: one bucket of 4, the fifth request refused.
    expect([await from('2001:db8:1:2::1'), await from('2001:db8:1:2::2'), await from('2001:db8:1:2:ffff::9'), await from('2001:db8:1:2::1')]).toEqual([
      3, 2, 1, 0,
    ]);
    expect((await p.request('/v1/scenarios', { ip: '2001:db8:1:2::abc' })).status).toBe(429);
    // Another /64 has its own.
    expect(await from('2001:db8:1:3::1')).toBe(3);
    // A dual-stack socket's IPv4-mapped address is the IPv4 client it is.
    expect([await from('::ffff:192.0.2.70'), await from('192.0.2.70')]).toEqual([3, 2]);
    // Behind a proxy, the forwarded address is grouped the same way.
    const proxied = await open({ tiers: SMALL, clientIp: clientIpResolver({ kind: 'header', name: 'x-real-ip' }) });
    const via = async (ip: string) => limits(await proxied.request('/v1/scenarios', { ip: '10.0.0.1', headers: { 'X-Real-IP': ip } })).remaining;
    expect([await via('2001:db8:5:6::1'), await via('2001:db8:5:6::2')]).toEqual([3, 2]);
  });

  it('behind N proxies (SIM_TRUST_PROXY=N) counts the address N hops back in X-Forwarded-For, never one the caller wrote', async () => {
    const p = await open({ tiers: SMALL, clientIp: clientIpResolver({ kind: 'hops', hops: 1 }) });
    const via = (forwardedFor: string) => p.request('/v1/scenarios', { ip: '10.0.0.1', headers: { 'X-Forwarded-For': forwardedFor } });
    expect(limits(await via('198.51.100.1')).remaining).toBe(3);
    expect(limits(await via('198.51.100.2')).remaining).toBe(3);
    // The proxy appended the real peer after whatever the caller sent: the forged entry is ignored.
    expect(limits(await via('6.6.6.6, 198.51.100.1')).remaining).toBe(2);
    expect(limits(await via('7.7.7.7, 198.51.100.1')).remaining).toBe(1);
    // Two hops: the second proxy's peer is the first proxy; the client is one further back.
    const two = await open({ tiers: SMALL, clientIp: clientIpResolver({ kind: 'hops', hops: 2 }) });
    const first = await two.request('/v1/scenarios', { ip: '10.0.0.2', headers: { 'X-Forwarded-For': '6.6.6.6, 198.51.100.3, 10.0.0.1' } });
    const second = await two.request('/v1/scenarios', { ip: '10.0.0.2', headers: { 'X-Forwarded-For': '7.7.7.7, 198.51.100.3, 10.0.0.1' } });
    expect([limits(first).remaining, limits(second).remaining]).toEqual([3, 2]);
  });

  it('with SIM_TRUST_PROXY=<header> counts the address in that header, else the socket', async () => {
    const p = await open({ tiers: SMALL, clientIp: clientIpResolver({ kind: 'header', name: 'x-real-ip' }) });
    expect(limits(await p.request('/v1/scenarios', { ip: '10.0.0.1', headers: { 'X-Real-IP': '198.51.100.1' } })).remaining).toBe(3);
    expect(limits(await p.request('/v1/scenarios', { ip: '10.0.0.1', headers: { 'X-Real-IP': '198.51.100.2' } })).remaining).toBe(3);
    expect(limits(await p.request('/v1/scenarios', { ip: '10.0.0.1' })).remaining).toBe(3);
    expect(limits(await p.request('/v1/scenarios', { ip: '10.0.0.1' })).remaining).toBe(2);
  });

  it('counts a 413 of a valid credential against that credential’s bucket and shows its headers (Content-Length or chunked)', async () => {
    const p = await open({ tiers: SMALL });
    const big = JSON.stringify({ scenarioId: 'x'.repeat(1024 * 1024 + 10) });
    const tooLarge = await p.request('/v1/simulations', { key: 'key-pro', body: big, ip: '198.51.100.20', headers: { 'X-Request-Id': 'big-one' } });
    expect(tooLarge.status).toBe(413);
    expect(limits(tooLarge)).toMatchObject({ limit: 20, remaining: 19 });
    expect(((await tooLarge.json()) as { error: unknown }).error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', requestId: 'big-one' });

    const chunked = await sendChunked(p, '/v1/simulations', big, { 'X-Api-Key': 'key-pro' }, '198.51.100.20');
    expect(chunked.status).toBe(413);
    expect(limits(chunked)).toMatchObject({ limit: 20, remaining: 18 });
    expect(((await chunked.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
    // A chunked body within the limit still reaches the handler whole.
    const small = await sendChunked(p, '/v1/simulations', JSON.stringify({ scenarioId: 'tiny-valley' }), { 'X-Api-Key': 'key-pro' }, '198.51.100.20');
    expect(small.status).toBe(201);
    expect(limits(small)).toMatchObject({ limit: 20, remaining: 17 });
    // The client IP's free bucket was not touched.
    const anonymous = await p.request('/v1/simulations', { body: { scenarioId: 'tiny-valley' }, ip: '198.51.100.20' });
    expect(limits(anonymous)).toMatchObject({ limit: 2, remaining: 1 });
  });

  it('answers an oversized body without valid credentials with 401, counted against the client IP', async () => {
    const p = await open({ tiers: SMALL });
    const big = JSON.stringify({ scenarioId: 'x'.repeat(1024 * 1024 + 10) });
    const missing = await p.request('/v1/simulations', { body: big, ip: '198.51.100.30' });
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    expect(limits(missing)).toMatchObject({ limit: 2, remaining: 1 });
    const wrong = await sendChunked(p, '/v1/simulations', big, { 'X-Api-Key': 'wrong' }, '198.51.100.30');
    expect(wrong.status).toBe(401);
    expect(limits(wrong)).toMatchObject({ limit: 2, remaining: 0 });
    expect((await p.request('/v1/simulations', { body: big, ip: '198.51.100.30' })).status).toBe(429);
  });

  it('still refuses an oversized body to an unknown route with 413 and the error envelope, counted against the IP', async () => {
    const p = await open({ tiers: SMALL });
    const big = JSON.stringify({ x: 'x'.repeat(1024 * 1024 + 10) });
    const unknown = await p.request('/v1/nowhere', { body: big, ip: '198.51.100.40', headers: { 'X-Request-Id': 'nowhere' } });
    expect(unknown.status).toBe(413);
    expect(((await unknown.json()) as { error: unknown }).error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', requestId: 'nowhere' });
    expect(limits(unknown)).toMatchObject({ limit: 2, remaining: 1 });
    // A method the path does not have, with a chunked body and valid credentials: no route chain runs.
    const wrongMethod = await sendChunked(p, '/v1/simulations', big, { 'X-Api-Key': 'key-pro' }, '198.51.100.40', 'DELETE');
    expect(wrongMethod.status).toBe(413);
    expect(((await wrongMethod.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('keeps the counters in the database, so two instances on one file share them', async () => {
    const clock = new ManualClock(T0);
    const first = await open({ tiers: SMALL, clock });
    const second = await open({ tiers: SMALL, clock, file: first.file });
    expect(limits(await first.request('/v1/simulations', { key: 'key-a' })).remaining).toBe(3);
    expect(limits(await second.request('/v1/simulations', { key: 'key-a' })).remaining).toBe(2);
    expect(limits(await first.request('/v1/simulations', { key: 'key-a' })).remaining).toBe(1);
  });

  it('documents X-RateLimit-* and the 429 on the routes', async () => {
    const p = await open();
    const doc = (await (await p.request('/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    const list = doc.paths['/v1/simulations']?.get;
    expect(Object.keys(list?.responses['200']?.headers ?? {})).toEqual(
      expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']),
    );
    expect(Object.keys(list?.responses['429']?.headers ?? {})).toContain('Retry-After');
  });
});

describe('ConcurrencyLimiter', () => {
  it('hands out at most `limit` slots per key and frees one at once on release (twice is harmless)', () => {
    const streams = new ConcurrencyLimiter();
    const a = streams.acquire('org-a', 2);
    const b = streams.acquire('org-a', 2);
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(streams.acquire('org-a', 2)).toBeNull();
    expect(streams.acquire('org-b', 2)).not.toBeNull();
    a?.();
    a?.();
    expect(streams.inUse('org-a')).toBe(1);
    expect(streams.acquire('org-a', 2)).not.toBeNull();
    expect(streams.acquire('org-a', 2)).toBeNull();
  });
});
