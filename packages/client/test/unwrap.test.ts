import { describe, expect, it } from 'vitest';
import { SimApiError } from '../src/sim-api-error.js';
import { unwrap } from '../src/unwrap.js';

describe('unwrap', () => {
  it('returns the data of a success', async () => {
    expect(await unwrap(Promise.resolve({ data: { ok: true }, response: new Response('{}', { status: 200 }) }))).toEqual({ ok: true });
  });

  it('throws SimApiError with the envelope of a service error', async () => {
    const error = { error: { code: 'NOT_FOUND', message: 'no', details: null, requestId: 'r1' } };
    await expect(unwrap(Promise.resolve({ error, response: new Response('', { status: 404 }) }))).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      requestId: 'r1',
    });
  });

  it('throws SimApiError, not a TypeError, for a proxy page or an empty body', async () => {
    const html = await unwrap(
      Promise.resolve({ error: '<html>Bad gateway</html>', response: new Response('', { status: 502, headers: { 'X-Request-Id': 'r2' } }) }),
    ).catch((e: unknown) => e);
    expect(html).toBeInstanceOf(SimApiError);
    expect(html).toMatchObject({ status: 502, code: 'UNEXPECTED_RESPONSE', requestId: 'r2' });
    const empty = await unwrap(Promise.resolve({ error: undefined, response: new Response(null, { status: 503 }) })).catch((e: unknown) => e);
    expect(empty).toMatchObject({ status: 503, code: 'UNEXPECTED_RESPONSE' });
  });
});
