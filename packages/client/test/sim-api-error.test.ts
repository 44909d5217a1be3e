import { describe, expect, it } from 'vitest';
import { SimApiError } from '../src/sim-api-error.js';

describe('SimApiError', () => {
  it('carries the envelope of an error response', async () => {
    const body = { error: { code: 'NOT_FOUND', message: 'Simulation not found', details: null, requestId: 'req-1' } };
    const error = await SimApiError.fromResponse(new Response(JSON.stringify(body), { status: 404 }));
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', requestId: 'req-1', details: null, message: '404 NOT_FOUND: Simulation not found' });
    expect(error.envelope).toEqual(body);
  });

  it('wraps a body that is not an envelope (a proxy page) in one, keeping the request id header', async () => {
    const error = await SimApiError.fromResponse(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'X-Request-Id': 'req-2' } }));
    expect(error).toMatchObject({ status: 502, code: 'UNEXPECTED_RESPONSE', requestId: 'req-2' });
    expect(error.message).toContain('Bad gateway');
  });
});
