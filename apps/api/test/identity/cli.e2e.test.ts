import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from './support/jwt-fixtures.js';
import { runCliProcess } from './support/run-cli-process.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';

// Child processes (node + tsx) take a few seconds each on a busy machine.
const SLOW = 90_000;
const dir = mkdtempSync(join(tmpdir(), 'sim-e2e-'));
const databasePath = join(dir, 'e2e.db');
const env = { DATABASE_URL: `file:${databasePath}`, SIM_JWT_SECRET: TEST_JWT_SECRET };
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string>) => fetch(`${server?.baseUrl}${path}`, { headers });

describe('first start, CLI and HTTP together (real processes, real database file)', () => {
  let bootstrapKey = '';

  it('prints the bootstrap key once on an empty database; the curl line works', { timeout: SLOW }, async () => {
    server = await startServerProcess({ databasePath, env });
    // The banner comes right after the listening line, which may be all that was read so far.
    const curl = await server.waitForOutput(/curl -H "X-Api-Key: (sim_[0-9A-Za-z]{43})" (http:\/\/127\.0\.0\.1:\d+)\/v1\/simulations/);
    bootstrapKey = curl?.[1] ?? '';
    expect(curl?.[2]).toBe(server.baseUrl);
    const res = await get('/v1/simulations', { 'x-api-key': bootstrapKey });
    expect(res.status).toBe(200);
    const org = (await (await get('/v1/organization', { 'x-api-key': bootstrapKey })).json()) as { name: string; tier: string };
    expect(org).toMatchObject({ name: 'default', tier: 'pro' });
  });

  it('a key made by `pnpm sim keys create` works at once, and `keys revoke` stops it at once', { timeout: SLOW }, async () => {
    const created = await runCliProcess(['orgs', 'create', '--name', 'acme', '--tier', 'free', '--json'], env);
    expect(created.code).toBe(0);
    const org = JSON.parse(created.stdout) as { id: string };
    const issued = await runCliProcess(['keys', 'create', '--org', 'acme', '--scopes', 'org:read,simulation:read', '--json'], env);
    expect(issued.code).toBe(0);
    const { id, key } = JSON.parse(issued.stdout) as { id: string; key: string };

    const res = await get('/v1/organization', { 'x-api-key': key });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: org.id, name: 'acme', tier: 'free', limits: { concurrentStreams: 2 } });

    // The server records the use (lastUsedAt) after answering, off the request path: wait for
    // it (bounded) rather than race it. The listing never shows the secret.
    let listed = await runCliProcess(['keys', 'list', '--org', 'acme', '--json'], env);
    for (let attempt = 0; attempt < 20 && (JSON.parse(listed.stdout) as { lastUsedAt: string | null }[])[0]?.lastUsedAt == null; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      listed = await runCliProcess(['keys', 'list', '--org', 'acme', '--json'], env);
    }
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ id, lastUsedAt: expect.any(String), revokedAt: null })]);
    expect(listed.stdout).not.toContain(key);

    expect((await runCliProcess(['keys', 'revoke', id], env)).code).toBe(0);
    const after = await get('/v1/organization', { 'x-api-key': key });
    expect(after.status).toBe(401);
    expect(((await after.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');

    const token = await runCliProcess(['jwt', 'sign', '--sub', 'alice', '--orgs', org.id, '--scopes', 'org:read'], env);
    const viaJwt = await get('/v1/organization', { authorization: `Bearer ${token.stdout.trim()}` });
    expect(viaJwt.status).toBe(200);
  });

  it('never prints the key again on the next start', { timeout: SLOW }, async () => {
    await server?.stop();
    server = await startServerProcess({ databasePath, env });
    expect((await get('/v1/simulations', { 'x-api-key': bootstrapKey })).status).toBe(200);
    // Checked once a request has been served: the bootstrap step runs as soon as the server listens.
    expect(server.output()).not.toMatch(/sim_[0-9A-Za-z]{43}/);
  });
});
