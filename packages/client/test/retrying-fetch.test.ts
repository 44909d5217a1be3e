import { describe, expect, it } from 'vitest';
import { retryingFetch } from '../src/retrying-fetch.js';

/** A fetch that answers from a script and records what each attempt carried. */
function scripted(...answers: Array<Response | Error>) {
  const seen: Array<{ key: string | null; body: string }> = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    seen.push({ key: request.headers.get('idempotency-key'), body: await request.text() });
    const next = answers.shift();
    if (next === undefined) throw new Error('no answer scripted');
    if (next instanceof Error) throw next;
    return next;
  };
  return { fetchFn, seen };
}

const envelope = (code: string, details: Record<string, unknown> | null = null) => JSON.stringify({ error: { code, message: code, details, requestId: 'r' } });
const json = { 'Content-Type': 'application/json' };
const post = (key?: string): RequestInit => ({ method: 'POST', body: '{"ticks":5}', headers: key === undefined ? {} : { 'Idempotency-Key': key } });
const fast = { baseDelayMs: 1, maxDelayMs: 5 };

describe('retryingFetch', () => {
  it('retries a POST after a network failure and a 503 with the same Idempotency-Key and body', async () => {
    const { fetchFn, seen } = scripted(
      new TypeError('fetch failed'),
      new Response('', { status: 503, headers: { 'Retry-After': '0' } }),
      new Response('ok', { status: 201 }),
    );
    const res = await retryingFetch(fast, fetchFn)('http://sim.test/v1/simulations', post('key-1'));
    expect(res.status).toBe(201);
    expect(seen).toEqual([
      { key: 'key-1', body: '{"ticks":5}' },
      { key: 'key-1', body: '{"ticks":5}' },
      { key: 'key-1', body: '{"ticks":5}' },
    ]);
  });

  it('never retries a POST without an Idempotency-Key: it might run twice', async () => {
    const { fetchFn, seen } = scripted(new Response('', { status: 503 }));
    expect((await retryingFetch(fast, fetchFn)('http://sim.test/v1/simulations', post())).status).toBe(503);
    expect(seen).toHaveLength(1);
  });

  it('waits out IDEMPOTENCY_KEY_IN_PROGRESS but not IDEMPOTENCY_KEY_REUSE', async () => {
    const inProgress = scripted(
      new Response(envelope('IDEMPOTENCY_KEY_IN_PROGRESS', { retryAfter: 0 }), { status: 409, headers: json }),
      new Response('done', { status: 200 }),
    );
    expect((await retryingFetch(fast, inProgress.fetchFn)('http://sim.test/x', post('k'))).status).toBe(200);
    expect(inProgress.seen).toHaveLength(2);

    const reuse = scripted(new Response(envelope('IDEMPOTENCY_KEY_REUSE'), { status: 409 }));
    const res = await retryingFetch(fast, reuse.fetchFn)('http://sim.test/x', post('k'));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: 'IDEMPOTENCY_KEY_REUSE' } });
    expect(reuse.seen).toHaveLength(1);
  });

  it('waits what a 409 or a 503 asks in details.retryAfter, which carry no Retry-After header', async () => {
    for (const [status, code] of [
      [409, 'IDEMPOTENCY_KEY_IN_PROGRESS'],
      [503, 'ENGINE_BUSY'],
    ] as const) {
      const { fetchFn, seen } = scripted(new Response(envelope(code, { retryAfter: 0.3 }), { status, headers: json }), new Response('done', { status: 200 }));
      const started = performance.now();
      // The doubling delay alone would wait 1 ms: the 300 ms can only come from the body.
      const res = await retryingFetch({ baseDelayMs: 1, maxDelayMs: 5_000 }, fetchFn)('http://sim.test/x', post('k'));
      expect(res.status).toBe(200);
      expect(seen).toHaveLength(2);
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    }
  });

  it('gives up after the configured retries and returns the last answer', async () => {
    const { fetchFn, seen } = scripted(...Array.from({ length: 3 }, () => new Response('', { status: 429, headers: { 'Retry-After': '0' } })));
    expect((await retryingFetch({ ...fast, retries: 2 }, fetchFn)('http://sim.test/v1/health')).status).toBe(429);
    expect(seen).toHaveLength(3);
  });

  it('does not retry what cannot change: a 400 or a 404', async () => {
    const { fetchFn, seen } = scripted(new Response(envelope('VALIDATION_ERROR'), { status: 400 }));
    expect((await retryingFetch(fast, fetchFn)('http://sim.test/v1/simulations', post('k'))).status).toBe(400);
    expect(seen).toHaveLength(1);
  });
});

describe('retryingFetch and methods that change something', () => {
  it('never retries a PUT without an Idempotency-Key (a time-control step would advance twice), but retries a GET', async () => {
    const put = scripted(new Response('', { status: 502 }));
    const res = await retryingFetch(fast, put.fetchFn)('http://sim.test/v1/simulations/x/time-control', { method: 'PUT', body: '{"action":"step"}' });
    expect(res.status).toBe(502);
    expect(put.seen).toHaveLength(1);

    const get = scripted(new Response('', { status: 502 }), new Response('ok', { status: 200 }));
    expect((await retryingFetch(fast, get.fetchFn)('http://sim.test/v1/health')).status).toBe(200);
    expect(get.seen).toHaveLength(2);
  });
});
