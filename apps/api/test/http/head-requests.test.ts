import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

// HEAD over a real socket: @hono/node-server's responses are where Hono's own HEAD lost headers.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Header names a GET and a HEAD of the same URL may differ in: how the body is framed. */
const FRAMING = new Set(['content-length', 'transfer-encoding', 'date', 'connection', 'keep-alive']);
const names = (res: Response): string[] => [...res.headers.keys()].filter((name) => !FRAMING.has(name)).sort();

describe('HEAD', () => {
  it('answers as GET would, without a body, with every header the GET carries, errors included', async () => {
    const cases: [string, Record<string, string>, number][] = [
      ['/v1/health', {}, 200],
      ['/v1/nothing-here', {}, 404],
      ['/v1/simulations/00000000-0000-4000-8000-000000000000', {}, 401],
      ['/v1/simulations/not-a-uuid', { 'X-Api-Key': 'key-a' }, 400],
      ['/v1/simulations', { 'X-Api-Key': 'key-a' }, 200],
    ];
    for (const [path, headers, status] of cases) {
      const get = await fetch(`${server.baseUrl}${path}`, { headers });
      await get.arrayBuffer();
      const head = await fetch(`${server.baseUrl}${path}`, { method: 'HEAD', headers });
      expect([path, head.status, get.status]).toEqual([path, status, status]);
      expect([path, names(head)]).toEqual([path, names(get)]);
      expect(head.headers.get('x-request-id')).toMatch(/\S/);
      expect(head.headers.get('x-content-type-options')).toBe('nosniff');
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(await head.text()).toBe('');
    }
  });
});
