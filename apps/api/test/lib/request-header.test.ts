import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestHeader } from '../../src/lib/request-header.js';

const NAMES = ['x-api-key', 'authorization', 'x-request-id'];

/** Both readings of every name, as JSON: requestHeader's and c.req.header's. */
const app = new Hono();
app.get('/headers', (c) => {
  const fast = Object.fromEntries(NAMES.map((name) => [name, requestHeader(c, name) ?? null]));
  const hono = Object.fromEntries(NAMES.map((name) => [name, c.req.header(name) ?? null]));
  return c.json({ fast, hono });
});

let server: ServerType;
let port: number;
beforeAll(async () => {
  server = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A GET with raw header lines (repeated names, any case), through node:http; a raw list gets no Host of node's own. */
function get(headers: Array<[string, string]>): Promise<{ fast: Record<string, string | null>; hono: Record<string, string | null> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/headers', headers: [['Host', `127.0.0.1:${port}`], ...headers].flat() as unknown as Record<string, string> },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(body) as never) : reject(new Error(`${res.statusCode}: ${body}`))));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('requestHeader', () => {
  it('reads what c.req.header reads, in any case of the name', async () => {
    const { fast, hono } = await get([
      ['X-API-KEY', 'sim_abc'],
      ['X-Request-Id', 'r-1'],
    ]);
    expect(fast).toEqual({ 'x-api-key': 'sim_abc', authorization: null, 'x-request-id': 'r-1' });
    expect(fast).toEqual(hono);
  });

  it('joins a repeated header as c.req.header does, so two credentials are never read as one', async () => {
    const { fast, hono } = await get([
      ['X-Api-Key', 'sim_one'],
      ['x-api-key', 'sim_two'],
      ['Authorization', 'Bearer a'],
      ['authorization', 'Bearer b'],
    ]);
    expect(fast['x-api-key']).toBe('sim_one, sim_two');
    expect(fast.authorization).toBe('Bearer a, Bearer b');
    expect(fast).toEqual(hono);
  });

  it('is c.req.header where no node request is behind the context (app.request)', async () => {
    const res = await app.request('/headers', { headers: { 'X-Api-Key': 'sim_x' } });
    const { fast, hono } = (await res.json()) as { fast: unknown; hono: unknown };
    expect(fast).toEqual(hono);
  });
});
