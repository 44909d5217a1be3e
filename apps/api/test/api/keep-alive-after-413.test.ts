import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/lib/body-limit.js';
import { requestInit } from '../helpers/request-init.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const oversized = JSON.stringify({ scenarioId: 'x'.repeat(MAX_BODY_BYTES + 10) });

/** A body sent chunked (no Content-Length), so the limit is found while reading it. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, (offset += 64 * 1024)));
    },
  });
}

/**
 * fetch (undici) keeps connections alive and reuses an idle one for the next request to the
 * same origin: the request after a 413 goes out on the connection the 413 came back on.
 */
describe('a keep-alive client after a 413', () => {
  const cases: Array<[string, string, () => RequestInit]> = [
    ['protected route, Content-Length', '/v1/simulations', () => requestInit({ key: 'key-a', body: oversized })],
    [
      'protected route, chunked',
      '/v1/simulations',
      () => ({ ...requestInit({ key: 'key-a', body: '{}' }), body: chunked(oversized), duplex: 'half' }) as RequestInit,
    ],
    ['unknown route, Content-Length', '/v1/nothing-here', () => requestInit({ body: oversized })],
    ['public route, chunked', '/v1/scenarios', () => ({ ...requestInit({ body: '{}' }), body: chunked(oversized), duplex: 'half' }) as RequestInit],
  ];

  it.each(cases)('%s: the 413 says Connection: close and the next request succeeds', async (_name, path, init) => {
    const refused = await fetch(`${server.baseUrl}${path}`, init());
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(refused.headers.get('connection')).toBe('close');
    const next = await fetch(`${server.baseUrl}/v1/health`);
    expect(next.status).toBe(200);
    expect(((await next.json()) as { status: string }).status).toBe('ok');
  });
});
