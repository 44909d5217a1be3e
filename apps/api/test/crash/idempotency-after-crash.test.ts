import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/idempotency/canonical-json.js';
import { idempotencyScope, requestFingerprint } from '../../src/idempotency/request-fingerprint.js';
import { startServerProcess, tempDir, type ServerProcess } from '../support/server-process.js';

/**
 * A request with an Idempotency-Key that was running when the server died leaves its key
 * reserved in the database. After a restart of the server (which alone owns its SQLite file)
 * nothing can be running, so a retry with the key must execute, not wait minutes for the lock.
 */

const dir = tempDir('sim-idem-crash-');
const databasePath = join(dir.path, 'sim.db');
const servers: ServerProcess[] = [];

afterAll(async () => {
  for (const server of servers) await server.kill();
  dir.remove();
});

const BODY = { scenarioId: 'calm-equilibrium' };
const KEY = 'in-flight-at-crash';

/**
 * Writes the record a POST /v1/simulations with KEY leaves while its handler runs (state
 * in_progress, locked for the next 5 minutes), as of the bootstrap key's caller: what a kill
 * in the middle of that request leaves, without having to time a kill.
 */
function leaveKeyInFlight(): void {
  const db = new Database(databasePath);
  try {
    const apiKey = db.prepare('SELECT id, organization_id FROM api_keys').get() as { id: string; organization_id: string };
    const scope = idempotencyScope({
      identity: `key:${apiKey.id}`,
      issuer: undefined,
      organizationId: apiKey.organization_id,
      method: 'POST',
      path: '/v1/simulations',
      key: KEY,
    });
    const now = Date.now();
    db.prepare(
      `INSERT INTO idempotency_keys (scope, token, fingerprint, state, response_status, response_headers, response_body, chunk_count, body_complete, created_at, expires_at, locked_until)
       VALUES (?, 'crashed-attempt', ?, 'in_progress', NULL, NULL, NULL, 0, 1, ?, ?, ?)`,
    ).run(scope, requestFingerprint(canonicalJson(BODY), 'json'), now, now + 86_400_000, now + 300_000);
    db.prepare("INSERT INTO idempotency_chunks (token, seq, bytes) VALUES ('crashed-attempt', 0, ?)").run(Buffer.from('{"half'));
  } finally {
    db.close();
  }
}

describe('an Idempotency-Key in flight when the server died', () => {
  it('is released when the server starts again: the retry executes (201), then replays', async () => {
    const first = await startServerProcess({ databasePath });
    servers.push(first);
    const apiKey = first.apiKey!;
    expect(apiKey).toMatch(/^sim_/);
    await first.kill();
    leaveKeyInFlight();

    const second = await startServerProcess({ databasePath });
    servers.push(second);
    const post = () =>
      fetch(`${second.baseUrl}/v1/simulations`, {
        method: 'POST',
        headers: { 'X-Api-Key': apiKey, 'Content-Type': 'application/json', 'Idempotency-Key': KEY },
        body: JSON.stringify(BODY),
      });
    const retry = await post();
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotency-replayed')).toBeNull();
    const created = (await retry.json()) as { id: string };
    const again = await post();
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(((await again.json()) as { id: string }).id).toBe(created.id);
    expect(second.output()).toMatch(/1 key\(s\) left in flight by an unclean stop are released/);

    const db = new Database(databasePath, { readonly: true });
    try {
      expect(db.prepare("SELECT COUNT(*) AS n FROM idempotency_chunks WHERE token = 'crashed-attempt'").get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
    // Two server starts (tsx compiles the sources each time), slow on a busy machine.
  }, 60_000);
});
