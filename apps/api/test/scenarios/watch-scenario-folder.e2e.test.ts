import { afterAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { spawnServerProcess, startServerProcess, tempDir, type ServerProcess } from '../support/server-process.js';
import { validScenarioText, writeScenario } from './scenario-folder-fixtures.js';

const folder = tempDir('sim-watch-e2e-');
let server: ServerProcess | undefined;
afterAll(async () => {
  await server?.kill();
  folder.remove();
});

describe('the real server (main.ts) follows SIM_SCENARIOS_DIR', () => {
  it('serves a file added after start, without a restart, and stops cleanly with the watch open', async () => {
    writeScenario(folder.path, 'first.json', validScenarioText('first'));
    server = await startServerProcess({ env: { SIM_SCENARIOS_DIR: folder.path, SIM_BOOTSTRAP: 'false' } });
    expect(server.output()).toMatch(/scenarios: 1 loaded from .* \(watching for changes\)/);

    writeScenario(folder.path, 'added.json', validScenarioText('added'));
    await server.waitForOutput(/scenario added\.json added: added/, 5_000);
    const list = (await (await fetch(`${server.baseUrl}/v1/scenarios`)).json()) as { data: { id: string }[] };
    expect(list.data.map((s) => s.id)).toEqual(['added', 'first']);

    await server.stop();
    expect(server.child.exitCode).toBe(0);
    expect(server.output()).toMatch(/\bstopped\b/);
  }, 30_000);

  it('refuses to start on a folder that is not there, saying which, where it served nothing before', async () => {
    const typo = join(folder.path, 'no-such-folder');
    const refused = spawnServerProcess({ databasePath: join(folder.path, 'refused.db'), env: { SIM_SCENARIOS_DIR: typo, SIM_BOOTSTRAP: 'false' } });
    const code = await new Promise<number | null>((done) => refused.child.once('exit', (exitCode) => done(exitCode)));
    expect(code).toBe(1);
    expect(refused.output()).toContain(`invalid environment:\n  - SIM_SCENARIOS_DIR: the scenarios folder ${typo} cannot be read (ENOENT)`);
    expect(refused.output()).not.toMatch(/^\s+at /m);
  }, 30_000);
});
