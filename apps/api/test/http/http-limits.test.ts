import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

/**
 * The HTTP server's own limits, on the real server: what Node's parser refuses is answered in
 * the error envelope, slow clients are timed out, and one address cannot open every connection.
 */

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({
    env: {
      SIM_BOOTSTRAP: 'false',
      SIM_MAX_CONNECTIONS_PER_ADDRESS: '4',
      SIM_HEADERS_TIMEOUT_MS: '500',
      SIM_REQUEST_TIMEOUT_MS: '1000',
      SIM_MAX_HEADER_BYTES: '4096',
    },
  });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server sends until it closes the connection (bounded). */
function readAll(socket: Socket, timeoutMs = 5_000): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const done = (): void => resolve(text);
    socket.on('data', (chunk) => (text += chunk.toString('utf8')));
    socket.once('close', done);
    socket.once('error', done);
    setTimeout(done, timeoutMs).unref();
  });
}

function parse(raw: string): { status: number; headers: Record<string, string>; body: any } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: body === '' ? null : JSON.parse(body) };
}

async function exchange(request: string): Promise<ReturnType<typeof parse>> {
  const socket = await open();
  const reply = readAll(socket);
  socket.write(request);
  return parse(await reply);
}

describe('the HTTP server’s own limits', () => {
  it('answers an oversized URL with 431 in the error envelope', async () => {
    const res = await exchange(`GET /v1/health?${'x'.repeat(8_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.body.error).toMatchObject({ code: 'HEADERS_TOO_LARGE', details: null });
    expect(res.body.error.requestId).toBe(res.headers['x-request-id']);
  });

  it('answers oversized headers with 431 and a malformed header with 400, both in the envelope', async () => {
    const big = await exchange(`GET /v1/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'y'.repeat(8_000)}\r\n\r\n`);
    expect(big.status).toBe(431);
    const malformed = await exchange('GET /v1/health HTTP/1.1\r\nHost: localhost\r\nBad Header Name: 1\r\n\r\n');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('BAD_REQUEST');
    expect(typeof malformed.body.error.message).toBe('string');
  });

  it('answers a request with no usable URL (a bad Host, a target of *, no Host at all) with 400 in the envelope', async () => {
    for (const request of [
      'GET /v1/health HTTP/1.1\r\nHost: a b\r\n\r\n',
      'OPTIONS * HTTP/1.1\r\nHost: localhost\r\n\r\n',
      'GET /v1\\health HTTP/1.1\r\nHost: localhost\r\n\r\n',
      'GET /v1/health HTTP/1.1\r\n\r\n',
    ]) {
      const res = await exchange(request);
      expect([request, res.status]).toEqual([request, 400]);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.body.error).toMatchObject({ code: 'BAD_REQUEST', details: null });
      expect(res.body.error.requestId).toBe(res.headers['x-request-id']);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // HTTP/1.0 needs no Host: the server's own address stands in.
    expect((await exchange('GET /v1/health HTTP/1.0\r\n\r\n')).status).toBe(200);
  });

  it('sends a 304 without a Content-Type (the node adapter would claim text/plain)', async () => {
    // Raw, with Connection: close: a keep-alive connection left open would take a place under the cap tested below.
    const get = async (path: string): Promise<string> => {
      const socket = await open();
      const reply = readAll(socket);
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      return reply;
    };
    const src = /<script src="([^"]+)"/.exec(await get('/v1/docs'))?.[1] as string;
    const etag = /^etag: (.+)$/im.exec(await get(src))?.[1]?.trim() as string;
    const res = await exchange(`GET ${src} HTTP/1.1\r\nHost: localhost\r\nIf-None-Match: ${etag}\r\nConnection: close\r\n\r\n`);
    expect(res.status).toBe(304);
    expect(res.headers.etag).toBe(etag);
    expect(res.headers['content-type']).toBeUndefined();
  });

  it('times out a client that does not finish its headers, with 408 in the envelope', async () => {
    const socket = await open();
    const reply = readAll(socket, 8_000);
    socket.write('GET /v1/health HTTP/1.1\r\nHost: localhost\r\n');
    const started = Date.now();
    const res = parse(await reply);
    expect(res.status).toBe(408);
    expect(res.body.error.code).toBe('REQUEST_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('refuses a connection over the per-address cap with 429 before reading it, and frees a place when one closes', async () => {
    const held = await Promise.all([open(), open(), open(), open()]);
    const refused = await exchange('GET /v1/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBe('1');
    (held.pop() as Socket).destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const served = await exchange('GET /v1/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(served.status).toBe(200);
    for (const socket of held) socket.destroy();
  });
});
