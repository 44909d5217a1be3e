import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { IdempotencyStore, NewReservation, StoredResponse } from '../../../src/idempotency/idempotency-store.js';
import { withEffectKeys } from '../../../src/idempotency/effect-keys.js';
import { markEffectsStored } from '../../../src/storage/effect-marks.js';
import { createKyselyIdempotencyStore, LOST_ANSWER_MESSAGE } from '../../../src/storage/idempotency-store-kysely.js';
import { DATABASES } from './databases.js';

const T0 = Date.parse('2030-01-01T00:00:00Z');
const DAY = 86_400_000;
const LOCK = 30_000;

const scope = (name: string): string => name.padEnd(64, '0');

function reservation(name: string, now = T0, fingerprint = 'f'.repeat(64)): NewReservation {
  return { scope: scope(name), token: randomUUID(), fingerprint, now, expiresAt: now + DAY, lockedUntil: now + LOCK };
}

const RESPONSE: StoredResponse = {
  status: 201,
  headers: [
    ['content-type', 'application/json'],
    ['location', '/v1/simulations/x'],
  ],
  body: Uint8Array.from([0, 1, 2, 0x7b, 0xc3, 0xa9, 0xff]),
  chunkCount: 0,
  bodyComplete: true,
};

describe.each(DATABASES)('IdempotencyStore on $name', (database) => {
  async function open(): Promise<IdempotencyStore> {
    return createKyselyIdempotencyStore((await database.open()).storage.db);
  }

  it('reserves a scope once; later attempts see it in progress, then its stored response', async () => {
    const store = await open();
    const first = reservation('a');
    expect(await store.reserve(first)).toEqual({ kind: 'reserved' });
    expect(await store.reserve(reservation('a', T0 + 1_000, 'e'.repeat(64)))).toEqual({ kind: 'in-progress', fingerprint: first.fingerprint });
    expect(await store.complete(first.scope, first.token, RESPONSE)).toBe(true);
    expect(await store.reserve(reservation('a', T0 + 2_000))).toEqual({
      kind: 'complete',
      fingerprint: first.fingerprint,
      token: first.token,
      expiresAt: first.expiresAt,
      response: RESPONSE,
    });
    // Another scope is independent.
    expect(await store.reserve(reservation('b'))).toEqual({ kind: 'reserved' });
  });

  it('keeps a reference instead of a body, and reads it back', async () => {
    const store = await open();
    const r = reservation('referenced');
    await store.reserve(r);
    const referenced: StoredResponse = {
      ...RESPONSE,
      body: null,
      bodyComplete: false,
      reference: { kind: 'run-trace', simulationId: randomUUID(), untilTick: 10_000, format: 'ndjson', byteLength: 71_000_000 },
    };
    expect(await store.complete(r.scope, r.token, referenced)).toBe(true);
    const outcome = await store.reserve(reservation('referenced', T0 + 1_000));
    expect(outcome).toMatchObject({ kind: 'complete', response: referenced });
    expect(await store.readChunks(r.token, 0, 10)).toEqual([]);
  });

  it('keeps a failed stream as incomplete and an empty body as empty', async () => {
    const store = await open();
    const r = reservation('a');
    await store.reserve(r);
    await store.complete(r.scope, r.token, { status: 200, headers: [], body: new Uint8Array(0), chunkCount: 0, bodyComplete: false });
    const outcome = await store.reserve(reservation('a'));
    expect(outcome.kind === 'complete' && outcome.response).toEqual({ status: 200, headers: [], body: new Uint8Array(0), chunkCount: 0, bodyComplete: false });
  });

  it('refuses writes that name a token which no longer holds the scope', async () => {
    const store = await open();
    const r = reservation('a');
    await store.reserve(r);
    expect(await store.complete(r.scope, randomUUID(), RESPONSE)).toBe(false);
    expect(await store.appendChunk(r.scope, randomUUID(), 0, Uint8Array.of(1), T0 + LOCK)).toBe(false);
    expect(await store.complete(scope('other'), r.token, RESPONSE)).toBe(false);
  });

  it('stores a streamed body in pieces, in order, read from any piece on', async () => {
    const store = await open();
    const r = reservation('a');
    await store.reserve(r);
    const pieces = [Uint8Array.of(1, 2), Uint8Array.of(0), Uint8Array.from({ length: 300 }, (_, i) => i % 256)];
    for (const [seq, bytes] of pieces.entries()) expect(await store.appendChunk(r.scope, r.token, seq, bytes, T0 + LOCK + seq)).toBe(true);
    await store.complete(r.scope, r.token, { ...RESPONSE, body: null, chunkCount: pieces.length });
    expect(await store.readChunks(r.token, 0, 10)).toEqual(pieces);
    expect(await store.readChunks(r.token, 1, 1)).toEqual([pieces[1]]);
    expect(await store.readChunks(r.token, 3, 10)).toEqual([]);
    const outcome = await store.reserve(reservation('a'));
    expect(outcome.kind === 'complete' && outcome.response).toEqual({ ...RESPONSE, body: null, chunkCount: 3 });
  });

  it('takes over an expired record and an abandoned reservation, never a live one', async () => {
    const store = await open();
    const done = reservation('done');
    await store.reserve(done);
    await store.complete(done.scope, done.token, RESPONSE);
    const later = reservation('done', done.expiresAt);
    expect(await store.reserve(later)).toEqual({ kind: 'reserved' });
    expect(await store.complete(done.scope, done.token, RESPONSE)).toBe(false);
    expect(await store.complete(later.scope, later.token, RESPONSE)).toBe(true);

    const abandoned = reservation('crashed');
    await store.reserve(abandoned);
    await store.appendChunk(abandoned.scope, abandoned.token, 0, Uint8Array.of(9), abandoned.lockedUntil);
    expect((await store.reserve(reservation('crashed', abandoned.lockedUntil - 1))).kind).toBe('in-progress');
    const retry = reservation('crashed', abandoned.lockedUntil);
    expect(await store.reserve(retry)).toEqual({ kind: 'reserved' });
    // The dead attempt's writes are refused; its pieces are not the new attempt's.
    expect(await store.appendChunk(abandoned.scope, abandoned.token, 1, Uint8Array.of(9), T0 + DAY)).toBe(false);
    expect(await store.readChunks(retry.token, 0, 10)).toEqual([]);
  });

  it('releases a reservation with its pieces, so the next attempt executes', async () => {
    const store = await open();
    const r = reservation('a');
    await store.reserve(r);
    await store.appendChunk(r.scope, r.token, 0, Uint8Array.of(1), r.lockedUntil);
    await store.release(r.scope, r.token);
    expect(await store.readChunks(r.token, 0, 10)).toEqual([]);
    expect(await store.reserve(reservation('a'))).toEqual({ kind: 'reserved' });
    // Releasing with a token that does not hold the scope leaves the holder alone.
    await store.release(r.scope, r.token);
    expect((await store.reserve(reservation('a'))).kind).toBe('in-progress');
  });

  it('sweeps expired records and every piece without a record', async () => {
    const store = await open();
    const old = reservation('old');
    await store.reserve(old);
    await store.appendChunk(old.scope, old.token, 0, Uint8Array.of(1), old.lockedUntil);
    await store.complete(old.scope, old.token, { ...RESPONSE, body: null, chunkCount: 1 });
    const fresh = reservation('fresh', T0 + DAY / 2);
    await store.reserve(fresh);
    await store.complete(fresh.scope, fresh.token, RESPONSE);

    expect(await store.sweep(T0 + DAY - 1)).toBe(0);
    expect(await store.sweep(T0 + DAY)).toBe(1);
    expect(await store.readChunks(old.token, 0, 10)).toEqual([]);
    expect((await store.reserve(reservation('fresh', T0 + DAY))).kind).toBe('complete');
    expect(await store.reserve(reservation('old', T0 + DAY))).toEqual({ kind: 'reserved' });
  });

  it('releases every reservation in flight with its pieces, and nothing complete', async () => {
    const store = await open();
    const inFlight = [reservation('a'), reservation('b')];
    for (const r of inFlight) await store.reserve(r);
    await store.appendChunk(inFlight[0]!.scope, inFlight[0]!.token, 0, Uint8Array.of(1), T0 + LOCK);
    const done = reservation('c');
    await store.reserve(done);
    await store.complete(done.scope, done.token, RESPONSE);

    expect(await store.releaseInFlight()).toBe(2);
    expect(await store.readChunks(inFlight[0]!.token, 0, 10)).toEqual([]);
    expect(await store.reserve(reservation('a'))).toEqual({ kind: 'reserved' });
    expect((await store.reserve(reservation('c'))).kind).toBe('complete');
    expect(await store.releaseInFlight()).toBe(1);
  });

  it('answers a reservation whose change was stored (marked in its transaction) with the lost answer, never takes it over', async () => {
    const { storage } = await database.open();
    const store = createKyselyIdempotencyStore(storage.db);
    const marked = reservation('changed');
    const other = reservation('changed-too');
    const idle = reservation('nothing-stored');
    for (const r of [marked, other, idle]) await store.reserve(r);
    // What a store's transaction does for the requests it stores a change for.
    await withEffectKeys(
      [marked, other].map(({ scope, token }) => ({ scope, token })),
      () => storage.db.transaction().execute((trx) => markEffectsStored(trx)),
    );
    expect(await store.reserve(reservation('changed', T0 + 1_000))).toEqual({ kind: 'in-progress', fingerprint: marked.fingerprint });
    // Its lock passed (its instance died): answered, not taken over.
    const answered = await store.reserve(reservation('changed', T0 + LOCK + 1));
    expect(answered).toMatchObject({ kind: 'complete', token: marked.token, response: { status: 500, chunkCount: 0, bodyComplete: true } });
    const body = JSON.parse(new TextDecoder().decode((answered as { response: StoredResponse }).response.body as Uint8Array)) as {
      error: { code: string; details: object };
    };
    expect(body.error).toMatchObject({ code: 'INTERNAL_ERROR', message: LOST_ANSWER_MESSAGE, details: { changeStored: true } });
    // At a restart: the unmarked one is released, the marked one answered.
    expect(await store.releaseInFlight()).toBe(2);
    expect(await store.reserve(reservation('changed-too', T0 + 2_000))).toMatchObject({ kind: 'complete', response: { status: 500 } });
    expect(await store.reserve(reservation('nothing-stored', T0 + 2_000))).toEqual({ kind: 'reserved' });
  });

  it('lets exactly one of many concurrent attempts reserve a scope', async () => {
    const opened = await database.open();
    const handles = database.name === 'postgresql' ? [opened.storage, await opened.openAnother()] : [opened.storage];
    const stores = handles.map((handle) => createKyselyIdempotencyStore(handle.db));
    const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => stores[i % stores.length]!.reserve(reservation('a'))));
    expect(outcomes.filter((o) => o.kind === 'reserved')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'in-progress')).toHaveLength(11);
  });
});
