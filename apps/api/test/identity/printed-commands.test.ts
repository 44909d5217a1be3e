import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io.js';
import { openIdentityStore } from '../../src/cli/open-identity-store.js';
import { runCli } from '../../src/cli/run-cli.js';
import { bootstrapBanner, bootstrapIdentity, operatorCli } from '../../src/identity/bootstrap.js';
import { PNPM_COMMAND } from '../../src/lib/operator-command.js';
import { REPO_ROOT } from './support/run-cli-process.js';

const dir = mkdtempSync(join(tmpdir(), 'sim-printed-commands-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs one CLI command in-process and returns everything it printed. */
async function printedBy(args: string[]): Promise<string> {
  let printed = '';
  const io: CliIo = { env: {}, cwd: REPO_ROOT, repoRoot: REPO_ROOT, stdout: (t) => (printed += `${t}\n`), stderr: (t) => (printed += `${t}\n`) };
  await runCli(args, io, openIdentityStore);
  return printed;
}

/** The mentions of pnpm that are not the runnable `npx -y pnpm@<version>` form. */
function bareMentionsOfPnpm(text: string): string[] {
  return text.split('\n').filter((line) => /\bpnpm\b/.test(line.replaceAll(PNPM_COMMAND, '')));
}

describe('commands printed for an operator run with only Node and npm', () => {
  it('use the pnpm version that package.json pins, through npx', () => {
    const { packageManager } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { packageManager: string };
    expect(PNPM_COMMAND).toBe(`npx -y ${packageManager}`);
  });

  it('the CLI help, its hints and the banner name pnpm only as `npx -y pnpm@…`', async () => {
    const texts = [
      await printedBy(['--help']),
      ...(await Promise.all(
        ['orgs create', 'keys create', 'keys list', 'keys revoke', 'jwt sign', 'scenarios validate'].map((command) =>
          printedBy([...command.split(' '), '--help']),
        ),
      )),
      await printedBy(['keys']),
      await printedBy(['frobnicate']),
      bootstrapBanner('sim_example', '127.0.0.1', 3000),
    ];
    for (const text of texts) expect(text).toContain(PNPM_COMMAND);
    expect(texts.flatMap(bareMentionsOfPnpm)).toEqual([]);
  });

  it("the banner's `More keys` line, pasted into a shell in another directory, creates a key on the server's database", async () => {
    const databasePath = join(dir, 'sim.db');
    const io: CliIo = { env: { DATABASE_URL: `file:${databasePath}` }, cwd: REPO_ROOT, repoRoot: REPO_ROOT, stdout: () => {}, stderr: () => {} };
    const { store, close } = await openIdentityStore(io);
    let banner = '';
    const cli = operatorCli(REPO_ROOT, { kind: 'sqlite', path: databasePath });
    await bootstrapIdentity({ identityStore: store, enabled: true, host: '127.0.0.1', port: 3000, print: (text) => (banner = text), cli });
    const command = /More keys: (.+)$/m.exec(banner)?.[1];
    expect(command).toContain(PNPM_COMMAND);

    // Neither the repository root nor the database in the shell: the line brings both.
    const { stdout } = await promisify(execFile)('sh', ['-c', command!], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    });
    const key = /sim_[0-9A-Za-z]{32,}/.exec(stdout)?.[0];
    expect(key).toBeDefined();
    expect((await store.listApiKeys()).length).toBe(2);
    await close();
  }, 60_000);

  it('the banner names no PostgreSQL URL, and the default SQLite file needs no DATABASE_URL', () => {
    const postgres = operatorCli('/srv/sim', { kind: 'postgres', url: 'postgres://sim:secret@db/sim', poolSize: 10 });
    expect(postgres.command).toBe(`cd '/srv/sim' && ${PNPM_COMMAND} sim`);
    expect(postgres.note).toContain('DATABASE_URL');
    expect(bootstrapBanner('sim_example', '127.0.0.1', 3000, postgres)).not.toContain('secret');
    expect(operatorCli('/srv/sim', { kind: 'sqlite', path: '/srv/sim/data/sim.db' }).command).toBe(`cd '/srv/sim' && ${PNPM_COMMAND} sim`);
    expect(operatorCli("/srv/it's", { kind: 'sqlite', path: '/tmp/x.db' }).command).toBe(
      `cd '/srv/it'\\''s' && DATABASE_URL='file:/tmp/x.db' ${PNPM_COMMAND} sim`,
    );
  });
});
