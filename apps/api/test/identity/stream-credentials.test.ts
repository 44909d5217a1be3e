import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, type Authenticator } from '../../src/identity/auth-context.js';
import { createAuthenticator } from '../../src/identity/authenticator.js';
import type { IdentityStore } from '../../src/identity/identity-store.js';
import { issueApiKey, provisionOrganization } from '../../src/identity/provisioning.js';
import { createKyselyIdentityStore } from '../../src/storage/identity-store-kysely.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { signHs256, TEST_JWT_SECRET } from './support/jwt-fixtures.js';
import { followText } from '../support/followed-text.js';

/**
 * An open event stream is authorized again at each heartbeat: a key revoked, or a JWT expired,
 * while its stream is open ends the stream with an `error` event and frees its slot
 * (docs/identity.md, "Identity, scopes, tenancy"). The heartbeat here is 50 ms.
 */
let server: TestServer;
let store: IdentityStore;
let org = '';
let simulation = '';

beforeAll(async () => {
  let real: Authenticator | undefined;
  // The authenticator reads the server's database, which exists only once the server does.
  const lazy: Authenticator = { authenticate: (credentials) => real!.authenticate(credentials) };
  // No experiment run is ever taken, so an experiment's stream stays open.
  server = await startTestServer({ authenticator: lazy, live: { heartbeatMs: 50 }, experimentParallelism: 0 });
  store = createKyselyIdentityStore(server.storage.db);
  real = createAuthenticator({ identityStore: store, jwt: { secret: TEST_JWT_SECRET } });
  // The free tier: two open streams, so a slot that is not freed shows.
  org = (await provisionOrganization(store, { name: 'streams', tier: 'free' })).id;
  const key = (await issueApiKey(store, { organizationId: org, scopes: SCOPES })).key;
  const created = await server.call('/v1/simulations', { key, body: { scenarioId: 'tiny-valley' } });
  expect(created.status).toBe(201);
  simulation = ((await created.json()) as { id: string }).id;
});
afterAll(async () => {
  // A stream the last test closed is ended on the server once it sees the socket close; until
  // then its heartbeat would recheck against a database already closed (and log that).
  await new Promise((resolve) => setTimeout(resolve, 200));
  await server.close();
});

interface OpenStream {
  /** Everything received so far. */
  text(): string;
  /** Resolves with the whole body once the server ends the stream. */
  ended: Promise<string>;
  close(): void;
}

async function openStream(headers: Record<string, string>, path = `/v1/simulations/${simulation}/events`): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(`${server.baseUrl}${path}`, { headers, signal: controller.signal });
  expect(res.status).toBe(200);
  const { text, ended } = followText(res.body as ReadableStream<Uint8Array>);
  return { text, ended, close: () => controller.abort() };
}

/** The data of the stream's `error` events. */
const errorsIn = (text: string): unknown[] => [...text.matchAll(/^event: error\ndata: (.*)$/gm)].map((m) => JSON.parse(m[1] as string) as unknown);
const heartbeatsIn = (text: string): number => (text.match(/^event: heartbeat$/gm) ?? []).length;

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => (timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms)));
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

describe('an open stream whose credential stops holding', () => {
  it('a revoked key: the stream ends with UNAUTHORIZED, its slot is freed, a reconnect is refused', async () => {
    const issued = await issueApiKey(store, { organizationId: org, scopes: SCOPES });
    const stream = await openStream({ 'X-Api-Key': issued.key });
    // While the key holds, the stream stays open across several rechecks.
    await within(
      (async () => {
        while (heartbeatsIn(stream.text()) < 4) await new Promise((resolve) => setTimeout(resolve, 10));
      })(),
      10_000,
      'four heartbeats',
    );
    expect(errorsIn(stream.text())).toEqual([]);

    expect(await store.revokeApiKey(issued.record.id, new Date().toISOString())).toBe(true);
    const text = await within(stream.ended, 10_000, 'the stream ended');
    expect(errorsIn(text)).toEqual([{ code: 'UNAUTHORIZED', message: 'API key has been revoked' }]);
    // The error is the last message, with no id (the client has nothing to resume).
    expect(text.endsWith('event: error\ndata: {"code":"UNAUTHORIZED","message":"API key has been revoked"}\n\n')).toBe(true);

    const again = await server.call(`/v1/simulations/${simulation}/events`, { key: issued.key });
    expect(again.status).toBe(401);
    // Both of the free tier's slots are free again.
    const other = (await issueApiKey(store, { organizationId: org, scopes: SCOPES })).key;
    const first = await openStream({ 'X-Api-Key': other });
    const second = await openStream({ 'X-Api-Key': other });
    first.close();
    second.close();
  });

  it('a JWT that expires while its stream is open: the stream ends with UNAUTHORIZED', async () => {
    const token = await signHs256({ sub: 'short-lived', scope: 'simulation:read', orgs: [org] }, TEST_JWT_SECRET, '2s');
    const opened = Date.now();
    const stream = await openStream({ Authorization: `Bearer ${token}` });
    const text = await within(stream.ended, 10_000, 'the stream ended');
    // Not before the token's exp (whole seconds), and within a few heartbeats after it.
    expect(Date.now() - opened).toBeGreaterThanOrEqual(900);
    expect(heartbeatsIn(text)).toBeGreaterThan(3);
    expect(errorsIn(text)).toEqual([{ code: 'UNAUTHORIZED', message: 'Invalid token: expired' }]);
  });

  it('an experiment’s stream ends too when its key is revoked', async () => {
    const issued = await issueApiKey(store, { organizationId: org, scopes: SCOPES });
    const body = { base: { scenarioId: 'tiny-valley' }, replications: 1, seed: 1, ticks: 1, metrics: ['losses'] };
    const submitted = await server.call('/v1/experiments', { key: issued.key, body });
    expect(submitted.status).toBe(202);
    const { id } = (await submitted.json()) as { id: string };
    const stream = await openStream({ 'X-Api-Key': issued.key }, `/v1/experiments/${id}/events`);
    await store.revokeApiKey(issued.record.id, new Date().toISOString());
    const text = await within(stream.ended, 10_000, 'the stream ended');
    expect(errorsIn(text)).toEqual([{ code: 'UNAUTHORIZED', message: 'API key has been revoked' }]);
    // Nothing ran: the experiment's stream ended for its credential, not its end.
    expect(text).not.toContain('event: run');
  });

  it('a credential that still holds keeps its stream open', async () => {
    const token = await signHs256({ sub: 'long-lived', scope: 'simulation:read', orgs: [org] });
    const stream = await openStream({ Authorization: `Bearer ${token}` });
    const ended = await Promise.race([stream.ended.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 600))]);
    expect(ended).toBe(false);
    expect(heartbeatsIn(stream.text())).toBeGreaterThanOrEqual(5);
    expect(errorsIn(stream.text())).toEqual([]);
    stream.close();
  });
});
