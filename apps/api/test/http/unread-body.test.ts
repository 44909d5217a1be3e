import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A body of about 200 KB: past what the server's drain of an unread body gets through. */
const longBody = JSON.stringify({ ticks: 1, pad: 'x'.repeat(200_000) });

const post = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: longBody });

describe('an answer given before the body was read', () => {
  it('closes its connection, so the next request goes down a new one and is answered', async () => {
    for (let round = 0; round < 4; round++) {
      for (const refused of [post('/v1/simulations/not-an-id/step', { 'X-Api-Key': 'key-a' }), post('/v1/simulations/run'), post('/v1/nowhere')]) {
        const res = await refused;
        expect([400, 401, 404]).toContain(res.status);
        await res.arrayBuffer();
        // Sent at once, as a pooling client does: it failed with "other side closed" on the old connection.
        const next = await fetch(`${server.baseUrl}/v1/health`);
        expect(next.status).toBe(200);
        await next.arrayBuffer();
        expect(res.headers.get('connection')).toBe('close');
      }
    }
  });

  it('keeps the connection of an answer whose body was read', async () => {
    const created = await server.call('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('connection')).toBe('keep-alive');
    const refused = await server.call('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley', pad: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('connection')).toBe('keep-alive');
  });
});
