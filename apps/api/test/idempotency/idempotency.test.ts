import { describe, expect, it } from 'vitest';
import { DEFAULT_TIER_LIMITS } from '../../src/identity/tier-limits.js';
import { UNCACHED_ERROR_CODES } from '../../src/idempotency/idempotency.js';
import type { IdempotencyStore } from '../../src/idempotency/idempotency-store.js';
import { createInProcessRunner } from '../../src/engine-work/in-process-runner.js';
import { chunkingRunner } from '../helpers/chunking-runner.js';
import { buildProtectedApp, ManualClock, ORG_A, ORG_B, protectedAppsClosedAfterEach, type ProtectedApp } from './support/protected-app.js';

const open = protectedAppsClosedAfterEach();

const CREATE = { scenarioId: 'tiny-valley' };
const withKey = (key: string, extra: Record<string, string> = {}) => ({ 'Idempotency-Key': key, ...extra });
const total = async (p: ProtectedApp, key = 'key-a'): Promise<number> =>
  ((await (await p.request('/v1/simulations', { key })).json()) as { pagination: { total: number } }).pagination.total;
const errorCode = async (res: Response): Promise<string> => ((await res.json()) as { error: { code: string } }).error.code;

describe('Idempotency-Key on POST', () => {
  it('replays the same body (other key order and spacing) with status, body, Location, Content-Type and Idempotency-Replayed', async () => {
    const p = await open();
    const first = await p.request('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley', engineVersion: '1.1.0' }, headers: withKey('k1') });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotency-replayed')).toBeNull();
    const firstBody = await first.text();

    const again = await p.request('/v1/simulations', {
      key: 'key-a',
      body: '{ "engineVersion" : "1.1.0",\n  "scenarioId":"tiny-valley" }',
      headers: withKey('k1'),
    });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(await again.text()).toBe(firstBody);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
    // Live, not cached: the replay is a request of its own.
    expect(Number(again.headers.get('x-ratelimit-remaining'))).toBe(Number(first.headers.get('x-ratelimit-remaining')) - 1);
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(await total(p)).toBe(1);
  });

  it('answers the same key with a different body (or Accept) with 409 IDEMPOTENCY_KEY_REUSE, and still replays the original', async () => {
    const p = await open();
    expect((await p.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('k2') })).status).toBe(201);
    const other = await p.request('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley', engineVersion: '1.0.0' }, headers: withKey('k2') });
    expect(other.status).toBe(409);
    expect(await errorCode(other)).toBe('IDEMPOTENCY_KEY_REUSE');
    const replay = await p.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('k2') });
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(await total(p)).toBe(1);
  });

  it('answers 409 IDEMPOTENCY_KEY_IN_PROGRESS while the first request with the key is still running', async () => {
    let open_ = (): void => {};
    const gate = new Promise<void>((resolve) => (open_ = resolve));
    const wrapStore = (store: IdempotencyStore): IdempotencyStore => ({ ...store, complete: async (...args) => (await gate, store.complete(...args)) });
    const p = await open({ wrapStore });
    const first = p.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('slow') });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const during = await p.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('slow') });
    expect(during.status).toBe(409);
    // The interface sends Retry-After on 429 only: the wait is told in the body.
    expect(during.headers.get('retry-after')).toBeNull();
    expect(((await during.json()) as { error: unknown }).error).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS', details: { retryAfter: 1 } });
    const differentBody = await p.request('/v1/simulations', { key: 'key-a', body: { scenarioId: 'other' }, headers: withKey('slow') });
    expect(await errorCode(differentBody)).toBe('IDEMPOTENCY_KEY_REUSE');
    open_();
    expect((await first).status).toBe(201);
    expect((await p.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('slow') })).headers.get('idempotency-replayed')).toBe('true');
  });

  it('runs exactly one of 20 concurrent requests with one key; the others replay or get IN_PROGRESS; one simulation exists', async () => {
    const p = await open();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => p.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('burst') })),
    );
    const executed = responses.filter((r) => r.status === 201 && r.headers.get('idempotency-replayed') === null);
    const replayed = responses.filter((r) => r.status === 201 && r.headers.get('idempotency-replayed') === 'true');
    const inProgress = responses.filter((r) => r.status === 409);
    expect(executed).toHaveLength(1);
    expect(replayed.length + inProgress.length).toBe(19);
    for (const r of inProgress) expect(await errorCode(r)).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
    const id = ((await executed[0]!.json()) as { id: string }).id;
    for (const r of replayed) expect(((await r.json()) as { id: string }).id).toBe(id);
    expect(await total(p)).toBe(1);
  });

  it('still replays after a restart (a new app over the same SQLite file)', async () => {
    const first = await buildProtectedApp();
    const res = await first.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('survives') });
    const body = await res.text();
    await first.close(false);
    const second = await open({ file: first.file, clock: first.clock });
    const replay = await second.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('survives') });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(await replay.text()).toBe(body);
    expect(await total(second)).toBe(1);
  });

  it('forgets a key 24 hours after its first request (injected clock) and deletes expired records', async () => {
    const clock = new ManualClock();
    const p = await open({ clock, idempotency: { recentCapacity: 0 } });
    const first = await p.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('day') });
    clock.advance(24 * 3_600_000 - 1);
    expect((await p.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('day') })).headers.get('idempotency-replayed')).toBe('true');
    clock.advance(1);
    const after = await p.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('day') });
    expect(after.status).toBe(201);
    expect(after.headers.get('idempotency-replayed')).toBeNull();
    expect(((await after.json()) as { id: string }).id).not.toBe(((await first.json()) as { id: string }).id);
    expect(await total(p)).toBe(2);

    // Clean-up on access: a later request sweeps every expired record, whoever owned it.
    await p.request('/v1/simulations', { key: 'key-b', body: CREATE, headers: withKey('other') });
    clock.advance(25 * 3_600_000);
    await p.request('/v1/simulations', { key: 'key-b', body: CREATE, headers: withKey('sweeper') });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const rows = await p.storage.db.selectFrom('idempotency_keys').select('scope').execute();
    expect(rows).toHaveLength(1);
  });

  it('replays a long run byte for byte from a reference to its simulation, storing none of its body', async () => {
    const p = await open({ idempotency: { inlineMaxBytes: 1024, recentCapacity: 0 } });
    const run = { scenarioId: 'tiny-valley', ticks: 40 };
    for (const [name, accept] of [
      ['nd', 'application/x-ndjson'],
      ['js', 'application/json'],
    ] as const) {
      const headers = withKey(name, { Accept: accept });
      const first = await p.request('/v1/simulations/run', { key: 'key-a', body: run, headers });
      expect(first.status).toBe(201);
      const bytes = new Uint8Array(await first.arrayBuffer());
      expect(bytes.byteLength).toBeGreaterThan(4096);
      // Past inlineMaxBytes the record holds what reproduces the body, not the body.
      const id = first.headers.get('location')?.split('/').at(-1) ?? '';
      const record = await p.storage.db
        .selectFrom('idempotency_keys')
        .select(['response_body', 'chunk_count', 'response_reference'])
        .where('response_reference', 'like', `%${id}%`)
        .executeTakeFirstOrThrow();
      expect(record.response_body).toBeNull();
      expect(record.chunk_count).toBe(0);
      expect(JSON.parse(record.response_reference ?? 'null')).toEqual({
        kind: 'run-trace',
        simulationId: id,
        untilTick: 40,
        format: name === 'nd' ? 'ndjson' : 'json',
        byteLength: bytes.byteLength,
      });

      // The simulation moves on (a decree, more ticks): the replay is still the first answer.
      await p.request(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'set-rule', payload: { rule: 'prophecyBranches', value: 3 } } });
      expect((await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 5 } })).status).toBe(200);
      const replay = await p.request('/v1/simulations/run', { key: 'key-a', body: run, headers });
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotency-replayed')).toBe('true');
      expect(replay.headers.get('content-type')).toBe(first.headers.get('content-type'));
      expect(replay.headers.get('location')).toBe(first.headers.get('location'));
      expect(Buffer.from(new Uint8Array(await replay.arrayBuffer())).equals(Buffer.from(bytes))).toBe(true);
    }
    expect(await p.storage.db.selectFrom('idempotency_chunks').select('seq').execute()).toEqual([]);
    // Asking for JSON with the NDJSON key is another request.
    const asJson = await p.request('/v1/simulations/run', { key: 'key-a', body: run, headers: withKey('nd') });
    expect(await errorCode(asJson)).toBe('IDEMPOTENCY_KEY_REUSE');
    expect(await total(p)).toBe(2);
  });

  it('replays a streamed run that stopped early byte for byte: the ticks it committed, then its error line', async () => {
    const engine = chunkingRunner(createInProcessRunner());
    engine.failAt = 31;
    const p = await open({ engine, idempotency: { inlineMaxBytes: 1024, recentCapacity: 0 } });
    const run = { scenarioId: 'tiny-valley', ticks: 40 };
    const headers = withKey('stopped', { Accept: 'application/x-ndjson' });
    const first = await p.request('/v1/simulations/run', { key: 'key-a', body: run, headers });
    expect(first.status).toBe(201);
    const text = await first.text();
    const last = JSON.parse(text.trimEnd().split('\n').at(-1) as string) as { error: Record<string, unknown> };
    expect(last.error).toMatchObject({ code: 'INTERNAL_ERROR', details: { tick: 30 }, requestId: first.headers.get('x-request-id') });
    const id = first.headers.get('location')?.split('/').at(-1) ?? '';
    const record = await p.storage.db
      .selectFrom('idempotency_keys')
      .select(['response_body', 'response_reference'])
      .where('response_reference', 'like', `%${id}%`)
      .executeTakeFirstOrThrow();
    expect(record.response_body).toBeNull();
    // The reference is taken when the body ends: the last tick committed, and the line.
    expect(JSON.parse(record.response_reference ?? 'null')).toEqual({
      kind: 'run-trace',
      simulationId: id,
      untilTick: 30,
      format: 'ndjson',
      end: last.error,
      byteLength: Buffer.byteLength(text),
    });
    const replay = await p.request('/v1/simulations/run', { key: 'key-a', body: run, headers });
    expect(replay.headers.get('idempotency-replayed')).toBe('true');
    expect(await replay.text()).toBe(text);
  });

  it('weighs the regeneration of a referenced run like a trace read of its range', async () => {
    const tiers = { ...DEFAULT_TIER_LIMITS, free: { ...DEFAULT_TIER_LIMITS.free, work: { ceiling: 150_000, perWindow: 150_000 } } };
    const p = await open({ tiers, idempotency: { inlineMaxBytes: 1024, recentCapacity: 0 } });
    // 141 296 agent-ticks at the default engine: both passes, their worlds and stretches.
    const run = { scenarioId: 'tiny-valley', ticks: 100 };
    const headers = withKey('weighed', { Accept: 'application/x-ndjson' });
    const first = await p.request('/v1/simulations/run', { key: 'key-a', body: run, headers });
    expect(first.status, await first.clone().text()).toBe(201);
    await first.arrayBuffer();
    // The run used most of the window; regenerating its trace costs half of it again.
    const replay = await p.request('/v1/simulations/run', { key: 'key-a', body: run, headers });
    expect(replay.status).toBe(429);
    expect(await errorCode(replay)).toBe('RATE_LIMITED');
    expect(replay.headers.get('retry-after')).not.toBeNull();
  });

  it('does not share keys between identities, paths or methods', async () => {
    const p = await open();
    const a = await p.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('shared') });
    const b = await p.request('/v1/simulations', { key: 'key-b', body: CREATE, headers: withKey('shared') });
    const jwt = await p.request('/v1/simulations', { bearer: 'jwt-ab', body: CREATE, headers: withKey('shared') });
    for (const res of [a, b, jwt]) {
      expect(res.status).toBe(201);
      expect(res.headers.get('idempotency-replayed')).toBeNull();
    }
    const fromDomain = await p.request('/v1/simulations/from-domain', { key: 'key-a', body: { domain: 'nope', input: {} }, headers: withKey('shared') });
    expect(fromDomain.status).toBe(404);
  });

  it("does not share a JWT user's key between the organizations it acts for, nor between issuers", async () => {
    const p = await open();
    const organizationOf = async (res: Response): Promise<string> => ((await res.json()) as { organizationId: string }).organizationId;
    const forA = await p.request('/v1/simulations', { bearer: 'jwt-ab', body: CREATE, headers: withKey('two-orgs') });
    expect([forA.status, await organizationOf(forA)]).toEqual([201, ORG_A]);
    // The same user and body, made for organization B (its default in this token): executed, not replayed.
    const forB = await p.request('/v1/simulations', { bearer: 'jwt-ba', body: CREATE, headers: withKey('two-orgs') });
    expect(forB.headers.get('idempotency-replayed')).toBeNull();
    expect([forB.status, await organizationOf(forB)]).toEqual([201, ORG_B]);
    // An organization named in the body is the one acted for, whichever is the token's default.
    const namedB = await p.request('/v1/simulations', { bearer: 'jwt-ab', body: { ...CREATE, organizationId: ORG_B }, headers: withKey('named') });
    const namedBAgain = await p.request('/v1/simulations', { bearer: 'jwt-ba', body: { ...CREATE, organizationId: ORG_B }, headers: withKey('named') });
    expect(namedBAgain.headers.get('idempotency-replayed')).toBe('true');
    expect([await organizationOf(namedB), await organizationOf(namedBAgain)]).toEqual([ORG_B, ORG_B]);
    const replayA = await p.request('/v1/simulations', { bearer: 'jwt-ab', body: CREATE, headers: withKey('two-orgs') });
    expect(replayA.headers.get('idempotency-replayed')).toBe('true');
    expect(await organizationOf(replayA)).toBe(ORG_A);
    // user:ab of another issuer is another user.
    const elsewhere = await p.request('/v1/simulations', { bearer: 'jwt-ab-elsewhere', body: CREATE, headers: withKey('two-orgs') });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.headers.get('idempotency-replayed')).toBeNull();
  });

  it('never answers from a stored record a caller who can no longer reach what it was for (a JWT that lost an organization)', async () => {
    const p = await open();
    // user:ab, with organizations A and B, creates in B and steps B's simulation.
    const created = await p.request('/v1/simulations', { bearer: 'jwt-ab', body: { ...CREATE, organizationId: ORG_B }, headers: withKey('in-b') });
    expect(created.status).toBe(201);
    const simulationB = ((await created.json()) as { id: string }).id;
    const step = { ticks: 2 };
    expect((await p.request(`/v1/simulations/${simulationB}/step`, { bearer: 'jwt-ab', body: step, headers: withKey('step-b') })).status).toBe(200);

    // The same user, whose new token no longer names B: refused as without a key, nothing replayed.
    const createAgain = await p.request('/v1/simulations', {
      bearer: 'jwt-ab-without-b',
      body: { ...CREATE, organizationId: ORG_B },
      headers: withKey('in-b'),
    });
    expect([createAgain.status, createAgain.headers.get('idempotency-replayed'), await errorCode(createAgain)]).toEqual([403, null, 'FORBIDDEN']);
    const stepAgain = await p.request(`/v1/simulations/${simulationB}/step`, { bearer: 'jwt-ab-without-b', body: step, headers: withKey('step-b') });
    expect([stepAgain.status, stepAgain.headers.get('idempotency-replayed'), await errorCode(stepAgain)]).toEqual([401, null, 'UNAUTHORIZED']);
    // Nor told that the key was used for another body.
    const otherBody = await p.request(`/v1/simulations/${simulationB}/step`, { bearer: 'jwt-ab-without-b', body: { ticks: 3 }, headers: withKey('step-b') });
    expect(otherBody.status).toBe(401);

    // The token that still names B gets the replay, and the simulation stepped once.
    const replayed = await p.request(`/v1/simulations/${simulationB}/step`, { bearer: 'jwt-ab', body: step, headers: withKey('step-b') });
    expect([replayed.status, replayed.headers.get('idempotency-replayed')]).toEqual([200, 'true']);
    const view = (await (await p.request(`/v1/simulations/${simulationB}`, { bearer: 'jwt-ab' })).json()) as { state: { tick: number } };
    expect(view.state.tick).toBe(2);
  });

  it('validates the key: 1 to 255 printable characters, else 400 at path Idempotency-Key (nothing reserved)', async () => {
    const p = await open();
    const long = await p.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('x'.repeat(256)) });
    expect(long.status).toBe(400);
    const { error } = (await long.json()) as { error: { code: string; details: { issues: Array<{ path: string; message: string }> } } };
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details.issues[0]?.path).toBe('Idempotency-Key');
    expect(error.details.issues[0]?.message).toContain('got 256 characters');
    // The message names the rule the key broke: this one is short enough.
    const accented = await p.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('clé') });
    const issue = ((await accented.json()) as { error: { details: { issues: Array<{ message: string }> } } }).error.details.issues[0];
    expect([accented.status, issue?.message]).toEqual([400, 'must be 1 to 255 printable ASCII characters (got a character outside printable ASCII)']);
    expect((await p.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('') })).status).toBe(400);
    expect((await p.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('x'.repeat(255)) })).status).toBe(201);
    expect(await total(p)).toBe(1);
  });

  it('does not cache requests refused before the handler (validation, malformed JSON, auth, scope)', async () => {
    const p = await open();
    const invalid = await p.request('/v1/simulations', { key: 'key-a', body: { scenarioId: 'tiny-valley', scenario: {} }, headers: withKey('v') });
    expect(invalid.status).toBe(400);
    const malformed = await p.request('/v1/simulations', { key: 'key-a', body: '{"scenarioId":', headers: withKey('v') });
    expect(malformed.status).toBe(400);
    expect((await p.request('/v1/simulations', { key: 'nobody', body: CREATE, headers: withKey('v') })).status).toBe(401);
    expect((await p.request('/v1/simulations', { key: 'key-a-read', body: CREATE, headers: withKey('v') })).status).toBe(403);
    // The key is still free: a valid body executes rather than conflicting.
    const valid = await p.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('v') });
    expect(valid.status).toBe(201);
    expect(valid.headers.get('idempotency-replayed')).toBeNull();
  });

  it('caches what the handler answered, errors included (404 unknown scenario)', async () => {
    const p = await open();
    const first = await p.request('/v1/simulations', { key: 'key-a', body: { scenarioId: 'missing' }, headers: withKey('nf') });
    expect(first.status).toBe(404);
    const again = await p.request('/v1/simulations', { key: 'key-a', body: { scenarioId: 'missing' }, headers: withKey('nf') });
    expect(again.status).toBe(404);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(await errorCode(again)).toBe('NOT_FOUND');
    expect(await total(p)).toBe(0);
  });

  it('gives a replayed error envelope the replaying request id, the rest byte for byte (memory and database paths)', async () => {
    for (const recentCapacity of [1000, 0]) {
      const p = await open({ idempotency: { recentCapacity } });
      const send = (requestId: string) =>
        p.request('/v1/simulations', { key: 'key-a', body: { scenarioId: 'missing' }, headers: withKey('rid', { 'X-Request-Id': requestId }) });
      const first = await send('first-request');
      expect(first.status).toBe(404);
      const firstText = await first.text();
      expect((JSON.parse(firstText) as { error: { requestId: string } }).error.requestId).toBe('first-request');

      const again = await send('second-request');
      expect(again.status).toBe(404);
      expect(again.headers.get('idempotency-replayed')).toBe('true');
      expect(again.headers.get('x-request-id')).toBe('second-request');
      expect(again.headers.get('content-type')).toBe(first.headers.get('content-type'));
      const againText = await again.text();
      expect((JSON.parse(againText) as { error: { requestId: string } }).error.requestId).toBe('second-request');
      expect(againText).toBe(firstText.replace('"requestId":"first-request"', '"requestId":"second-request"'));
    }
  });

  it('replays success bodies byte for byte even when they hold a requestId field', async () => {
    const p = await open();
    const send = (requestId: string) => p.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('ok', { 'X-Request-Id': requestId }) });
    const first = await send('one');
    const again = await send('two');
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
  });

  it('does not cache refusals by the handler: 401 another organization’s simulation, 403 organizationId, 409 SIMULATION_NOT_ACTIVE', async () => {
    const p = await open();
    const cachedKeys = async () => (await p.storage.db.selectFrom('idempotency_keys').select('scope').execute()).length;
    const { id } = (await (await p.request('/v1/simulations', { key: 'key-a', body: CREATE })).json()) as { id: string };
    const { id: done } = (await (await p.request('/v1/simulations', { key: 'key-a', body: { scenarioId: 'short-lived' } })).json()) as { id: string };
    expect((await p.request(`/v1/simulations/${done}/step`, { key: 'key-a', body: { ticks: 100 } })).status).toBe(200);
    const before = await cachedKeys();

    const refusals: Array<[() => Promise<Response>, number, string]> = [
      [() => p.request(`/v1/simulations/${id}/step`, { key: 'key-b', body: { ticks: 1 }, headers: withKey('tenant') }), 401, 'UNAUTHORIZED'],
      [
        () =>
          p.request(`/v1/simulations/${id}/decrees`, {
            key: 'key-b',
            body: { type: 'remove-agent', payload: { id: 'agent-6' } },
            headers: withKey('tenant-decree'),
          }),
        401,
        'UNAUTHORIZED',
      ],
      [() => p.request('/v1/simulations', { key: 'key-a', body: { ...CREATE, organizationId: ORG_B }, headers: withKey('org') }), 403, 'FORBIDDEN'],
      [() => p.request(`/v1/simulations/${done}/step`, { key: 'key-a', body: { ticks: 1 }, headers: withKey('inactive') }), 409, 'SIMULATION_NOT_ACTIVE'],
    ];
    for (const [send, status, code] of refusals) {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const res = await send();
        expect(res.status).toBe(status);
        expect(res.headers.get('idempotency-replayed')).toBeNull();
        expect(await errorCode(res)).toBe(code);
      }
    }
    expect(await cachedKeys()).toBe(before);
    // The refused keys are free: the same key with a request that succeeds executes it.
    const step = await p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 1 }, headers: withKey('inactive') });
    expect(step.status).toBe(200);
    expect(step.headers.get('idempotency-replayed')).toBeNull();
  });

  it('names the refusals it does not cache in UNCACHED_ERROR_CODES, and not NOT_FOUND or INTERNAL_ERROR', () => {
    for (const code of [
      'UNAUTHORIZED',
      'FORBIDDEN',
      'VALIDATION_ERROR',
      'PAYLOAD_TOO_LARGE',
      'RATE_LIMITED',
      'SIMULATION_NOT_ACTIVE',
      'WORK_LIMIT_EXCEEDED',
      'STORAGE_LIMIT_EXCEEDED',
      'IDEMPOTENCY_KEY_REUSE',
      'IDEMPOTENCY_KEY_IN_PROGRESS',
    ]) {
      expect(UNCACHED_ERROR_CODES.has(code)).toBe(true);
    }
    expect(UNCACHED_ERROR_CODES.has('NOT_FOUND')).toBe(false);
    expect(UNCACHED_ERROR_CODES.has('INTERNAL_ERROR')).toBe(false);
  });

  it('does not cache a 413: the same key with a body within the limit executes', async () => {
    const p = await open();
    const big = await p.request('/v1/simulations', { key: 'key-a', body: { scenarioId: 'x'.repeat(1024 * 1024 + 10) }, headers: withKey('big') });
    expect(big.status).toBe(413);
    expect(await errorCode(big)).toBe('PAYLOAD_TOO_LARGE');
    const ok = await p.request('/v1/simulations', { key: 'key-a', body: CREATE, headers: withKey('big') });
    expect(ok.status).toBe(201);
    expect(ok.headers.get('idempotency-replayed')).toBeNull();
  });

  it('never advances a retried step twice, never applies a retried decree twice', async () => {
    const p = await open();
    const { id } = (await (await p.request('/v1/simulations', { key: 'key-a', body: CREATE })).json()) as { id: string };
    const step = () => p.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 3 }, headers: withKey('s1') });
    const [s1, s2] = [await step(), await step()];
    expect(await s2.text()).toBe(await s1.text());
    const sim = (await (await p.request(`/v1/simulations/${id}`, { key: 'key-a' })).json()) as { state: { tick: number } };
    expect(sim.state.tick).toBe(3);

    const decree = () =>
      p.request(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'remove-agent', payload: { id: 'agent-6' } }, headers: withKey('d1') });
    const [d1, d2] = await Promise.all([decree(), decree()]);
    expect([d1.status, d2.status].sort()).toEqual(expect.arrayContaining([201]));
    const decrees = (await (await p.request(`/v1/simulations/${id}/decrees`, { key: 'key-a' })).json()) as { pagination: { total: number } };
    expect(decrees.pagination.total).toBe(1);
  });

  it('documents the Idempotency-Key header and the 409 codes on every POST route', async () => {
    const p = await open();
    const doc = (await (await p.request('/v1/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }>; responses: Record<string, { description: string }> }>>;
    };
    const posts = Object.values(doc.paths).flatMap((item) => (item.post ? [item.post] : []));
    expect(posts.length).toBeGreaterThanOrEqual(5);
    for (const post of posts) {
      expect(post.parameters?.some((x) => x.name === 'Idempotency-Key' && x.in === 'header')).toBe(true);
      expect(post.responses['409']?.description).toContain('IDEMPOTENCY_KEY_REUSE');
      expect(post.responses['409']?.description).toContain('IDEMPOTENCY_KEY_IN_PROGRESS');
    }
    expect(doc.paths['/v1/simulations/{id}/step']?.post?.responses['409']?.description).toContain('SIMULATION_NOT_ACTIVE');
  });
});
