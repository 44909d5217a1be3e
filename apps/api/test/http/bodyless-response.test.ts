import { getRequestListener } from '@hono/node-server';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodylessWithoutType } from '../../src/http/bodyless-response.js';

/** Responses as @hono/node-server writes them, through the server's own ServerResponse and through Node's. */
const app = new Hono();
app.get('/no-content', () => new Response(null, { status: 204 }));
app.get('/not-modified', () => new Response(null, { status: 304, headers: { ETag: '"t"' } }));
app.get('/typed-no-content', () => new Response(null, { status: 204, headers: { 'Content-Type': 'text/event-stream' } }));
app.get('/empty-ok', () => new Response(null, { status: 200 }));
app.get('/json', (c) => c.json({ ok: true }));

let withClass: Server;
let plain: Server;
const listen = (server: Server): Promise<void> => new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
beforeAll(async () => {
  // As the server's requiringHost takes it: its promise settles on its own.
  const listener: (request: IncomingMessage, response: ServerResponse) => unknown = getRequestListener(app.fetch);
  withClass = createServer({ ServerResponse: BodylessWithoutType }, listener);
  plain = createServer(listener);
  await Promise.all([listen(withClass), listen(plain)]);
});
afterAll(async () => {
  await Promise.all([withClass, plain].map((server) => new Promise((resolve) => server.close(resolve))));
});

/** The status and Content-Type as sent on the wire (fetch would not show a 304 as it came). */
function head(server: Server, path: string): Promise<{ status: number; type: string | undefined }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ port, host: '127.0.0.1', path }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] });
    })
      .on('error', reject)
      .end();
  });
}

describe('BodylessWithoutType', () => {
  it('sends a 204 and a 304 without the adapter’s default Content-Type, which Node’s own response sends', async () => {
    expect(await head(plain, '/no-content')).toEqual({ status: 204, type: 'text/plain; charset=UTF-8' });
    expect(await head(plain, '/not-modified')).toEqual({ status: 304, type: 'text/plain; charset=UTF-8' });
    expect(await head(withClass, '/no-content')).toEqual({ status: 204, type: undefined });
    expect(await head(withClass, '/not-modified')).toEqual({ status: 304, type: undefined });
  });

  it('takes Node’s other form too, a status message before the headers', async () => {
    const direct = createServer({ ServerResponse: BodylessWithoutType }, (req, res) => {
      const status = req.url === '/304' ? 304 : 200;
      res.writeHead(status, 'As Said', { 'content-type': 'text/plain; charset=UTF-8', etag: '"t"' }).end();
    });
    await listen(direct);
    try {
      expect(await head(direct, '/304')).toEqual({ status: 304, type: undefined });
      expect(await head(direct, '/200')).toEqual({ status: 200, type: 'text/plain; charset=UTF-8' });
      const { port } = direct.address() as AddressInfo;
      const message = await new Promise((resolve) => request({ port, host: '127.0.0.1', path: '/304' }, (res) => resolve(res.resume().statusMessage)).end());
      expect(message).toBe('As Said');
    } finally {
      await new Promise((resolve) => direct.close(resolve));
    }
  });

  it('leaves a type a response chose, and every other status, as they are', async () => {
    expect(await head(withClass, '/typed-no-content')).toEqual({ status: 204, type: 'text/event-stream' });
    expect(await head(withClass, '/empty-ok')).toEqual({ status: 200, type: 'text/plain; charset=UTF-8' });
    expect(await head(withClass, '/json')).toEqual({ status: 200, type: 'application/json' });
  });
});
