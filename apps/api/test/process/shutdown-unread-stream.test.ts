import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, tempDir } from '../support/server-process.js';

const dir = tempDir('sim-shutdown-stream-');
afterAll(() => dir.remove());

// docs/operations.md, "Stopping the server": open event streams end and the server exits with code 0.
describe('a stop while a client resumes a stream and reads none of it', () => {
  it('ends that stream, stops its history replay and exits with code 0 well within its grace', async () => {
    const server = await startServerProcess({ databasePath: `${dir.path}/sim.db` });
    const headers = { 'X-Api-Key': server.apiKey ?? '', 'Content-Type': 'application/json' };
    const post = async (path: string, body: unknown, method = 'POST'): Promise<Response> =>
      fetch(`${server.baseUrl}${path}`, { method, headers, body: JSON.stringify(body) });
    const { id } = (await (await post('/v1/simulations', { scenarioId: 'crowded-large' })).json()) as { id: string };
    expect((await post(`/v1/simulations/${id}/step`, { ticks: 12 })).status).toBe(200);
    expect((await post(`/v1/simulations/${id}/time-control`, { action: 'play', speed: 1 }, 'PUT')).status).toBe(200);
    // Resumed from the first id: a replay of 12 ticks of 2 400 agents (about 5 MB), which a
    // socket that is never read cannot take.
    const socket = connect(server.port, '127.0.0.1');
    let received = 0;
    socket.once('data', (chunk: Buffer) => {
      received += chunk.length;
      socket.pause();
    });
    socket.write(`GET /v1/simulations/${id}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Api-Key: ${server.apiKey ?? ''}\r\nLast-Event-ID: 1\r\n\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(received).toBeGreaterThan(0);
    const stoppedAt = performance.now();
    await server.stop();
    const took = performance.now() - stoppedAt;
    socket.destroy();
    expect(server.child.exitCode).toBe(0);
    expect(server.output()).not.toMatch(/did not finish in time/);
    // SHUTDOWN_FLUSH_MS (2 s) for the client, then the rest of the stop; the grace is 10 s.
    expect(took).toBeLessThan(8_000);
  }, 120_000);
});
