import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validator } from 'hono/validator';
import { headersFromIncoming } from '../../src/lib/request-header.js';

const NAMES = ['x-api-key', 'authorization', 'x-request-id'];

/** Both readings of every name, as JSON: c.req.header's through headersFromIncoming, and the fetch Headers object's. */
const app = new Hono();
app.get('/headers', headersFromIncoming(), (c) => {
  const fast = Object.fromEntries(NAMES.map((name) => [name, c.req.header(name) ?? null]));
  const hono = Object.fromEntries(NAMES.map((name) => [name, c.req.raw.headers.get(name)]));
  return c.json({ fast, hono });
});

/** Whether @hono/node-server has built the request's fetch Headers object (it keeps it under a symbol of its own). */
const headersBuilt = (raw: Request): boolean =>
  Object.getOwnPropertySymbols(raw).some((symbol) => symbol.description === 'headersKey' && (raw as unknown as Record<symbol, unknown>)[symbol] !== undefined);

// With headersFromIncoming first, c.req.header(name) reads node's lines, Hono's validators' included.
app.get(
  '/through/:id',
  headersFromIncoming(),
  validator('param', (value) => value),
  (c) => {
    const builtBefore = headersBuilt(c.req.raw);
    const read = Object.fromEntries([...NAMES, 'Content-Type', 'X-API-KEY'].map((name) => [name, c.req.header(name) ?? null]));
    const whole = c.req.header();
    const fromHeaders = Object.fromEntries([...NAMES, 'Content-Type', 'X-API-KEY'].map((name) => [name, c.req.raw.headers.get(name)]));
    return c.json({ builtBefore, read, fromHeaders, whole, id: c.req.valid('param').id });
  },
);

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
function get<T = { fast: Record<string, string | null>; hono: Record<string, string | null> }>(
  headers: Array<[string, string]>,
  path = '/headers',
): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: [['Host', `127.0.0.1:${port}`], ...headers].flat() as unknown as Record<string, string> },
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

describe('headersFromIncoming', () => {
  it('reads what the Headers object reads, in any case of the name', async () => {
    const { fast, hono } = await get([
      ['X-API-KEY', 'sim_abc'],
      ['X-Request-Id', 'r-1'],
    ]);
    expect(fast).toEqual({ 'x-api-key': 'sim_abc', authorization: null, 'x-request-id': 'r-1' });
    expect(fast).toEqual(hono);
  });

  it('joins a repeated header as the Headers object does, so two credentials are never read as one', async () => {
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

  it("leaves c.req.header as Hono's where no node request is behind the context (app.request)", async () => {
    const res = await app.request('/headers', { headers: { 'X-Api-Key': 'sim_x' } });
    const { fast, hono } = (await res.json()) as { fast: unknown; hono: unknown };
    expect(fast).toEqual(hono);
  });

  it("reads as the Headers object would, which nothing before the handler built, for Hono's validators too", async () => {
    const res = await get<{ builtBefore: boolean; read: unknown; fromHeaders: unknown; whole: Record<string, string>; id: string }>(
      [
        ['X-Api-Key', 'sim_one'],
        ['x-api-key', 'sim_two'],
        ['Content-Type', 'text/plain'],
      ],
      '/through/abc',
    );
    expect(res.builtBefore).toBe(false);
    expect(res.read).toEqual(res.fromHeaders);
    expect(res.read).toMatchObject({ 'x-api-key': 'sim_one, sim_two', 'X-API-KEY': 'sim_one, sim_two', 'Content-Type': 'text/plain', authorization: null });
    expect(res.whole).toMatchObject({ 'x-api-key': 'sim_one, sim_two', 'content-type': 'text/plain' });
    expect(res.id).toBe('abc');
  });
});
