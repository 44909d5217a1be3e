import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnServerProcess, startServerProcess, tempDir } from '../support/server-process.js';
import { listenFailure } from '../../src/http/listen-failure.js';

const dir = tempDir('sim-busy-port-');
let squatter: Server;
let port: number;

beforeAll(async () => {
  squatter = createServer();
  await new Promise<void>((done) => squatter.listen(0, '127.0.0.1', done));
  port = (squatter.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((done) => squatter.close(done));
  dir.remove();
});

// docs/operations.md, "A port already in use"
describe('a server started on a port that is taken', () => {
  it('prints one line naming the port and PORT, no stack trace, and exits with code 1', async () => {
    const server = spawnServerProcess({ databasePath: join(dir.path, 'sim.db'), env: { PORT: String(port), SIM_BOOTSTRAP: 'false' } });
    const code = await new Promise<number | null>((done) => server.child.once('exit', (exitCode) => done(exitCode)));
    expect(code).toBe(1);
    // Everything but the start-up log lines before it (JSON lines at pino's info level, 30:
    // database: …, scenarios: …; docs/operations.md, "Logs").
    const errors = server
      .output()
      .split('\n')
      .filter((line) => line.trim() !== '' && !/^\{"level":30,/.test(line));
    expect(errors).toEqual([`failed to start: port ${port} on 127.0.0.1 is already in use; set PORT to another port (PORT=0 picks a free one)`]);
    expect(server.output()).not.toMatch(/^\s+at /m);
  }, 60_000);

  it('changes nothing stored when the server that has the port uses the same database: its playing simulation plays on', async () => {
    const databasePath = join(dir.path, 'shared.db');
    const first = await startServerProcess({ databasePath });
    try {
      const headers = { 'X-Api-Key': first.apiKey ?? '', 'Content-Type': 'application/json' };
      const created = (await (
        await fetch(`${first.baseUrl}/v1/simulations`, { method: 'POST', headers, body: JSON.stringify({ scenarioId: 'calm-equilibrium' }) })
      ).json()) as { id: string };
      const played = await fetch(`${first.baseUrl}/v1/simulations/${created.id}/time-control`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ action: 'play', speed: 1 }),
      });
      expect(played.status).toBe(200);
      const second = spawnServerProcess({ databasePath, env: { PORT: String(first.port), SIM_BOOTSTRAP: 'false' } });
      expect(await new Promise<number | null>((done) => second.child.once('exit', (exitCode) => done(exitCode)))).toBe(1);
      expect(second.output()).not.toMatch(/playback|experiments:/);
      const read = (await (await fetch(`${first.baseUrl}/v1/simulations/${created.id}`, { headers })).json()) as { state: { status: string } };
      expect(read.state.status).toBe('playing');
    } finally {
      await first.stop();
    }
  }, 120_000);

  it('says what to change for a port that needs privileges or a host that is not here', () => {
    const failure = (code: string): NodeJS.ErrnoException => Object.assign(new Error(code), { code });
    expect(listenFailure(failure('EACCES'), '0.0.0.0', 80)).toMatch(/port 80 .*set PORT/);
    expect(listenFailure(failure('EADDRNOTAVAIL'), '10.9.9.9', 3000)).toMatch(/10\.9\.9\.9 .*set HOST/);
  });
});
