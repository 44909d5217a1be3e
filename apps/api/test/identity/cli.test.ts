import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { createAuthenticator } from '../../src/identity/authenticator.js';
import type { CliIo } from '../../src/cli/cli-io.js';
import { openIdentityStore } from '../../src/cli/open-identity-store.js';
import { runCli } from '../../src/cli/run-cli.js';
import { createKyselyIdentityStore } from '../../src/storage/identity-store-kysely.js';
import { openStorage } from '../../src/storage/open-storage.js';
import { openSqlite } from '../../src/storage/sqlite/open-sqlite.js';
import { createTestPostgresDatabase } from '../support/test-postgres-database.js';
import { TEST_JWT_SECRET } from './support/jwt-fixtures.js';
import { REPO_ROOT } from './support/run-cli-process.js';

const dir = mkdtempSync(join(tmpdir(), 'sim-cli-'));
const dbFile = join(dir, 'cli.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs one command in-process with captured output. */
async function cli(args: string[], env: Record<string, string> = { DATABASE_URL: `file:${dbFile}`, SIM_JWT_SECRET: TEST_JWT_SECRET }) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { env, cwd: REPO_ROOT, repoRoot: REPO_ROOT, stdout: (t) => (stdout += `${t}\n`), stderr: (t) => (stderr += `${t}\n`) };
  const code = await runCli(args, io, openIdentityStore);
  return { code, stdout, stderr };
}

describe('CLI commands (in-process, real SQLite file)', () => {
  let orgId = '';
  let keyId = '';
  let key = '';

  it('orgs create prints { id, name, tier } with --json and refuses a duplicate name', async () => {
    const created = await cli(['orgs', 'create', '--name', 'acme', '--tier', 'pro', '--json']);
    expect(created.code).toBe(0);
    const org = JSON.parse(created.stdout) as { id: string };
    expect(org).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'acme', tier: 'pro' });
    orgId = org.id;
    expect(await cli(['orgs', 'create', '--name', 'acme'])).toMatchObject({ code: 1, stderr: expect.stringMatching(/already exists/) });
    expect(await cli(['orgs', 'create', '--name', 'x', '--tier', 'gold'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/--tier/) });
    expect((await cli(['orgs', 'create'])).code).toBe(2);
    const human = await cli(['orgs', 'create', '--name', 'globex']);
    expect(human.stdout).toMatch(/Created organization "globex" \(tier free\)/);
  });

  it('keys create prints the key once; the database files hold only its hash', async () => {
    const created = await cli(['keys', 'create', '--org', 'acme', '--scopes', 'simulation:read, org:read', '--name', 'ci', '--json']);
    expect(created.code).toBe(0);
    const issued = JSON.parse(created.stdout) as { id: string; key: string };
    expect(issued).toEqual({
      id: expect.any(String),
      key: expect.stringMatching(/^sim_[0-9A-Za-z]{43}$/),
      organizationId: orgId,
      scopes: ['simulation:read', 'org:read'],
    });
    ({ id: keyId, key } = issued);
    for (const file of readdirSync(dir).filter((f) => f.startsWith('cli.db'))) {
      expect(readFileSync(join(dir, file)).includes(Buffer.from(key.slice(8)))).toBe(false);
    }
    const byId = await cli(['keys', 'create', '--org', orgId, '--scopes', 'usage:read']);
    expect(byId.stdout).toMatch(/shown this once/);
    expect(byId.stdout).toMatch(/\nsim_[0-9A-Za-z]{43}\n/);
    expect(await cli(['keys', 'create', '--org', 'nobody', '--scopes', 'org:read'])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/no organization/),
    });
    expect(await cli(['keys', 'create', '--org', 'acme', '--scopes', 'root'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/unknown scope root/) });
    expect((await cli(['keys', 'create', '--org', 'acme'])).code).toBe(2);
  });

  it('keys list shows prefixes, never keys (--json shape, filter, table)', async () => {
    const listed = await cli(['keys', 'list', '--org', 'acme', '--json']);
    const keys = JSON.parse(listed.stdout) as unknown[];
    expect(keys).toHaveLength(2);
    expect(keys[0]).toEqual({
      id: keyId,
      prefix: key.slice(0, 12),
      name: 'ci',
      organizationId: orgId,
      scopes: ['simulation:read', 'org:read'],
      createdAt: expect.any(String),
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(listed.stdout).not.toContain(key);
    expect(JSON.parse((await cli(['keys', 'list', '--org', 'globex', '--json'])).stdout)).toEqual([]);
    const table = await cli(['keys', 'list']);
    expect(table.stdout).toMatch(/^ID +PREFIX +NAME/);
    expect(table.stdout).toContain(key.slice(0, 12));
  });

  it('keys revoke takes effect on the next authentication', async () => {
    const storage = await openSqlite(dbFile);
    try {
      const authenticator = createAuthenticator({ identityStore: createKyselyIdentityStore(storage.db) });
      expect((await authenticator.authenticate({ apiKey: key, authorization: undefined })).ok).toBe(true);
      expect(await cli(['keys', 'revoke', keyId])).toMatchObject({ code: 0, stdout: expect.stringMatching(/Revoked/) });
      expect((await authenticator.authenticate({ apiKey: key, authorization: undefined })).ok).toBe(false);
      expect(await cli(['keys', 'revoke', keyId])).toMatchObject({ code: 0, stdout: expect.stringMatching(/already revoked/) });
      expect((await cli(['keys', 'revoke', '00000000-0000-4000-8000-000000000000'])).code).toBe(1);
      expect((await cli(['keys', 'revoke'])).code).toBe(2);
    } finally {
      await storage.close();
    }
  });

  it('jwt sign uses SIM_JWT_SECRET and the claims the server reads', async () => {
    const signed = await cli(['jwt', 'sign', '--sub', 'alice', '--orgs', orgId, '--scopes', 'org:read,usage:read', '--ttl', '15m']);
    expect(signed.code).toBe(0);
    const claims = decodeJwt(signed.stdout.trim());
    expect(claims).toMatchObject({ sub: 'alice', orgs: [orgId], scope: 'org:read usage:read' });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(900);
    expect(await cli(['jwt', 'sign', '--sub', 'a', '--orgs', orgId, '--scopes', 'org:read'], {})).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/SIM_JWT_SECRET/),
    });
    expect((await cli(['jwt', 'sign', '--sub', 'a', '--orgs', 'acme', '--scopes', 'org:read'])).code).toBe(2);
    expect((await cli(['jwt', 'sign', '--sub', 'a', '--orgs', orgId, '--scopes', 'org:read', '--ttl', 'forever'])).code).toBe(2);
  });

  it('scenarios validate passes on the repository and reports file and path of each problem', async () => {
    const all = await cli(['scenarios', 'validate']);
    expect(all.code).toBe(0);
    expect(all.stdout).toMatch(/0 with errors/);
    const bad = join(dir, 'broken.json');
    writeFileSync(
      bad,
      JSON.stringify({
        id: 'broken',
        label: 'x',
        seed: 1,
        agents: [{ id: 'a', marker: { x: 99, y: 0 } }],
        initialState: { width: 4, height: 4, attractors: [] },
        extra: 1,
      }),
    );
    const misnamed = join(dir, 'misnamed.json');
    writeFileSync(misnamed, readFileSync(join(REPO_ROOT, 'scenarios', 'calm-equilibrium.json')));
    const notJson = join(dir, 'not-json.json');
    writeFileSync(notJson, '{');
    // Valid by the schema, but one prophecy tick would cost more than any tier allows in a request.
    const costly = join(dir, 'costly.json');
    const agents = Array.from({ length: 10_000 }, (_, i) => ({ id: `a${i}`, marker: { x: i % 16, y: 1 } }));
    writeFileSync(
      costly,
      JSON.stringify({
        id: 'costly',
        label: 'x',
        seed: 1,
        agents,
        initialState: { width: 16, height: 16 },
        rules: { prophecyBranches: 32, prophecyHorizon: 500 },
      }),
    );
    const result = await cli(['scenarios', 'validate', bad, misnamed, notJson, costly, join(dir, 'missing.json')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/broken\.json: agents\.0\.marker\.x: /);
    expect(result.stderr).toMatch(/broken\.json: extra: Unrecognized key/);
    expect(result.stderr).toMatch(/misnamed\.json: id: "calm-equilibrium" differs from the file name/);
    expect(result.stderr).toMatch(/not-json\.json: \(file\): not valid JSON/);
    expect(result.stderr).toMatch(/missing\.json: \(file\): cannot read: ENOENT/);
    expect(result.stderr).toMatch(
      /costly\.json: rules: a prophecy tick costs 1,280,058,128 agent-ticks under engine 1\.4\.0 .*more than any tier allows in one request \(100,000,000\)/,
    );
  });

  it('explains wrong usage with exit code 2 and prints help', async () => {
    expect((await cli(['frobnicate'])).code).toBe(2);
    expect(await cli(['keys'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/did you mean/) });
    expect(await cli(['keys', 'list', '--bogus'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/Unknown option '--bogus'/) });
    expect(await cli(['--help'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/keys create/) });
    expect(await cli(['keys', 'create', '--help'])).toMatchObject({ code: 0, stdout: expect.stringMatching(/--scopes/) });
  });

  it('opens DATABASE_URL like the server: a relative path from where the command was typed', async () => {
    const relative = await cli(['orgs', 'create', '--name', 'rel', '--json'], { DATABASE_URL: 'file:rel/x.db', INIT_CWD: dir });
    expect(relative.code).toBe(0);
    expect(readdirSync(join(dir, 'rel'))).toContain('x.db');
    expect(await cli(['keys', 'list'], { DATABASE_URL: 'mysql://x' })).toMatchObject({ code: 1, stderr: expect.stringMatching(/DATABASE_URL/) });
  });
});

describe('CLI commands on PostgreSQL (DATABASE_URL=postgres://…)', () => {
  it('creates an organization and a key the server authenticates, lists and revokes it', async () => {
    const database = await createTestPostgresDatabase();
    const env = { DATABASE_URL: database.url };
    const storage = await openStorage({ kind: 'postgres', url: database.url, poolSize: 2 });
    try {
      expect((await cli(['orgs', 'create', '--name', 'acme', '--tier', 'pro'], env)).code).toBe(0);
      expect(await cli(['orgs', 'create', '--name', 'acme'], env)).toMatchObject({ code: 1, stderr: expect.stringMatching(/already exists/) });
      const { id, key } = JSON.parse((await cli(['keys', 'create', '--org', 'acme', '--scopes', 'simulation:read', '--json'], env)).stdout) as {
        id: string;
        key: string;
      };
      const authenticator = createAuthenticator({ identityStore: createKyselyIdentityStore(storage.db) });
      expect(await authenticator.authenticate({ apiKey: key, authorization: undefined })).toMatchObject({ ok: true, auth: { tier: 'pro' } });
      expect(JSON.parse((await cli(['keys', 'list', '--json'], env)).stdout)).toEqual([expect.objectContaining({ id, revokedAt: null })]);
      expect((await cli(['keys', 'revoke', id], env)).code).toBe(0);
      expect((await authenticator.authenticate({ apiKey: key, authorization: undefined })).ok).toBe(false);
      await authenticator.flush();
    } finally {
      await storage.close();
      await database.drop();
    }
  });
});
