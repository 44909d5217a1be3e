import { describe, expect, it } from 'vitest';
import { createInProcessRunner } from '../../src/engine-work/in-process-runner.js';
import type { IdempotencyStore } from '../../src/idempotency/idempotency-store.js';
import { createKyselyIdempotencyStore, LOST_ANSWER_MESSAGE } from '../../src/storage/idempotency-store-kysely.js';
import { gatedRunner } from '../helpers/gated-runner.js';
import { buildProtectedApp, protectedAppsClosedAfterEach, type ProtectedApp } from './support/protected-app.js';

/**
 * A keyed request whose change was stored, by a process that died before it stored the answer
 * (a probe's SIGKILL 1 to 5 ms after the request: 1 in 24 steps, 2 in 30 decrees and 3 in 24
 * forks were then applied twice by the retry). The change marks the key's record in its own
 * transaction, so a retry is answered, never run again (docs/api.md, "Idempotency").
 */

const open = protectedAppsClosedAfterEach();
const CREATE = { scenarioId: 'tiny-valley' };
const KEY = { 'Idempotency-Key': 'answer-lost' };

/** What a process killed between the change and the answer leaves: the answer is never stored. */
const dyingBeforeTheAnswer = (store: IdempotencyStore): IdempotencyStore => ({ ...store, complete: async () => false });

type Json = { error: { code: string; message: string; details: Record<string, unknown>; requestId: string } };

/** The server restarted over the same file: what it does before it serves (releaseInFlight). */
async function restarted(first: ProtectedApp): Promise<ProtectedApp> {
  await first.close(false);
  const second = await open({ file: first.file, clock: first.clock });
  await createKyselyIdempotencyStore(second.storage.db).releaseInFlight();
  return second;
}

/** The lost answer, naming `resource` when the change created one (a simulation: create, fork, run). */
async function expectLostAnswer(res: Response, resource?: string): Promise<void> {
  expect(res.status).toBe(500);
  expect(res.headers.get('idempotency-replayed')).toBe('true');
  const body = (await res.json()) as Json;
  const details = resource === undefined ? { changeStored: true } : { changeStored: true, resource };
  expect(body.error).toEqual({ code: 'INTERNAL_ERROR', message: LOST_ANSWER_MESSAGE, details, requestId: res.headers.get('x-request-id') });
}

async function createdSimulation(p: ProtectedApp): Promise<string> {
  const res = await p.request('/v1/simulations', { key: 'key-a', body: CREATE });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const count = async (p: ProtectedApp, path: string): Promise<number> =>
  ((await (await p.request(path, { key: 'key-a' })).json()) as { pagination: { total: number } }).pagination.total;
const tickOf = async (p: ProtectedApp, id: string): Promise<number> =>
  ((await (await p.request(`/v1/simulations/${id}`, { key: 'key-a' })).json()) as { tick?: number; state?: { tick: number } }).state?.tick ?? -1;

describe('a keyed change stored by a process that died before its answer', () => {
  it('a decree, a step, a fork and a create are each stored once: the retry after the restart answers the lost answer', async () => {
    const first = await buildProtectedApp({ wrapStore: dyingBeforeTheAnswer });
    const id = await createdSimulation(first);
    const requests: Array<[string, object]> = [
      [`/v1/simulations/${id}/decrees`, { type: 'shock', payload: { x: 3, y: 3, radius: 2, magnitude: 0.1 } }],
      [`/v1/simulations/${id}/step`, { ticks: 1 }],
      [`/v1/simulations/${id}/forks`, {}],
      ['/v1/simulations', CREATE],
    ];
    // What each created, as the answers the client never got said.
    const created: Array<string | undefined> = [];
    for (const [path, body] of requests) {
      const res = await first.request(path, { key: 'key-a', body, headers: KEY });
      expect(res.status).toBeLessThan(300);
      created.push(res.status === 201 && !path.endsWith('/decrees') ? `/v1/simulations/${((await res.json()) as { id: string }).id}` : undefined);
    }
    expect(created.filter((c) => c !== undefined)).toHaveLength(2);
    const second = await restarted(first);
    for (const [index, [path, body]] of requests.entries()) {
      for (let attempt = 0; attempt < 2; attempt++) await expectLostAnswer(await second.request(path, { key: 'key-a', body, headers: KEY }), created[index]);
    }
    expect(await count(second, `/v1/simulations/${id}/decrees`)).toBe(1);
    expect(await tickOf(second, id)).toBe(1);
    // The first, the keyed create and one fork.
    expect(await count(second, '/v1/simulations')).toBe(3);
  });

  it('on a shared database, once the dead instance’s lock has passed, without a restart; before, it is in progress', async () => {
    const p = await open({ wrapStore: dyingBeforeTheAnswer });
    const id = await createdSimulation(p);
    const decree = { type: 'shock', payload: { x: 3, y: 3, radius: 2, magnitude: 0.1 } };
    expect((await p.request(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: decree, headers: KEY })).status).toBe(201);
    const early = await p.request(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: decree, headers: KEY });
    expect(early.status).toBe(409);
    expect(((await early.json()) as Json).error.code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');
    p.clock.advance(5 * 60_000 + 1);
    await expectLostAnswer(await p.request(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: decree, headers: KEY }));
    expect(await count(p, `/v1/simulations/${id}/decrees`)).toBe(1);
  });

  it('steps committed together mark every step’s key, not only the one whose turn ran the batch', async () => {
    const runner = gatedRunner(createInProcessRunner());
    const first = await buildProtectedApp({ wrapStore: dyingBeforeTheAnswer, engine: runner });
    const id = await createdSimulation(first);
    const before = runner.kinds.advance;
    runner.hold();
    const steps = Array.from({ length: 4 }, (_, i) =>
      first.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 1 }, headers: { 'Idempotency-Key': `batched-${i}` } }),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    runner.release();
    expect((await Promise.all(steps)).map((res) => res.status)).toEqual([200, 200, 200, 200]);
    // They waited for the lock together and went as one (or two: the first alone).
    expect(runner.kinds.advance - before).toBeLessThan(4);
    const second = await restarted(first);
    for (let i = 0; i < 4; i++) {
      await expectLostAnswer(
        await second.request(`/v1/simulations/${id}/step`, { key: 'key-a', body: { ticks: 1 }, headers: { 'Idempotency-Key': `batched-${i}` } }),
      );
    }
    expect(await tickOf(second, id)).toBe(4);
  });

  it('a keyed request that stored nothing is still released at the restart, and its retry runs', async () => {
    const first = await buildProtectedApp({ wrapStore: dyingBeforeTheAnswer });
    const id = await createdSimulation(first);
    // Refused before any change (its decree type is unknown): the reservation is released, not kept.
    const bad = await first.request(`/v1/simulations/${id}/decrees`, { key: 'key-a', body: { type: 'no-such-decree', payload: {} }, headers: KEY });
    expect(bad.status).toBe(400);
    const second = await restarted(first);
    const retry = await second.request(`/v1/simulations/${id}/decrees`, {
      key: 'key-a',
      body: { type: 'shock', payload: { x: 3, y: 3, radius: 2, magnitude: 0.1 } },
      headers: KEY,
    });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotency-replayed')).toBeNull();
  });
});
