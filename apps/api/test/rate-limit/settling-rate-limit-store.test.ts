import { afterEach, describe, expect, it } from 'vitest';
import { SettlingRateLimitStore, type SettleEntry, type SettleTarget } from '../../src/rate-limit/settling-rate-limit-store.js';
import { createKyselyRateLimitStore } from '../../src/storage/rate-limit-store-kysely.js';
import { SHARED_DATABASES } from '../storage/contract/databases.js';

/** A window start in Unix seconds. */
const W = 2_200_000_040;
/** Long enough that no batch is sent unless a test settles. */
const NEVER = 3_600_000;

const opened: SettlingRateLimitStore[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close().catch(() => {});
});

/**
 * Rate limits counted per instance and settled in batches: two handles on one PostgreSQL
 * database stand for two instances (docs/operations.md, "Rate limits across instances").
 */
describe.each(SHARED_DATABASES)('SettlingRateLimitStore on $name', (database) => {
  async function twoInstances(wrap: (target: SettleTarget) => SettleTarget = (t) => t) {
    const db = await database.open();
    const shared = createKyselyRateLimitStore(db.storage.db);
    const make = (target: SettleTarget): SettlingRateLimitStore => {
      const store = new SettlingRateLimitStore(wrap(target), { settleEveryMs: NEVER });
      opened.push(store);
      return store;
    };
    return { shared, a: make(shared), b: make(createKyselyRateLimitStore((await db.openAnother()).db)) };
  }

  it('counts below half the limit in memory, and a settle adds every instance’s counts to the database', async () => {
    const { shared, a, b } = await twoInstances();
    for (let i = 1; i <= 3; i++) expect(await a.increment('k|read', W, 1, 100)).toEqual({ count: i, windowStart: W });
    expect(await b.increment('k|read', W, 1, 100)).toEqual({ count: 1, windowStart: W });
    expect(await shared.peek('k|read', W)).toBe(0);
    await a.settle();
    await b.settle();
    expect(await shared.peek('k|read', W)).toBe(4);
    // B's answer brought A's three back: its estimate now counts both instances.
    expect(await b.increment('k|read', W, 1, 100)).toEqual({ count: 5, windowStart: W });
    expect(await b.peek('k|read', W)).toBe(5);
  });

  it('refuses at the limit exactly across two instances taking turns, with nothing settled in between', async () => {
    const { a, b } = await twoInstances();
    const limit = 8;
    const counts: number[] = [];
    for (let i = 0; i < limit + 2; i++) counts.push((await (i % 2 === 0 ? a : b).increment('k|read', W, 1, limit)).count);
    const allowed = counts.filter((count) => count <= limit).length;
    expect(allowed).toBe(limit);
    expect(counts.slice(limit)).toEqual([limit + 1, limit + 2]);
  });

  it('sends a failed batch again with the next one', async () => {
    let failNext = true;
    const { shared, a } = await twoInstances((target) => ({
      ...target,
      increment: target.increment.bind(target),
      peek: target.peek.bind(target),
      sweep: target.sweep.bind(target),
      async incrementMany(entries: readonly SettleEntry[]) {
        if (failNext) {
          failNext = false;
          throw new Error('connection lost');
        }
        return target.incrementMany(entries);
      },
    }));
    await a.increment('k|read', W, 2, 100);
    await a.settle();
    expect(await shared.peek('k|read', W)).toBe(0);
    await a.increment('k|read', W, 1, 100);
    await a.settle();
    expect(await shared.peek('k|read', W)).toBe(3);
  });

  it('a value the database refuses holds back only its own bucket, not the batch', async () => {
    const dataError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const errors: unknown[] = [];
    const db = await database.open();
    const shared = createKyselyRateLimitStore(db.storage.db);
    const refusing: SettleTarget = {
      increment: shared.increment.bind(shared),
      peek: shared.peek.bind(shared),
      sweep: shared.sweep.bind(shared),
      async incrementMany(entries: readonly SettleEntry[]) {
        if (entries.some((entry) => entry.bucket.startsWith('bad'))) throw dataError;
        return shared.incrementMany(entries);
      },
    };
    const a = new SettlingRateLimitStore(refusing, { settleEveryMs: NEVER, onError: (error) => errors.push(error) });
    opened.push(a);
    await a.increment('good|read', W, 2, 100);
    await a.increment('bad|read', W, 1, 100);
    await a.increment('other|read', W, 3, 100);
    await a.settle();
    expect(await shared.peek('good|read', W)).toBe(2);
    expect(await shared.peek('other|read', W)).toBe(3);
    expect(errors).toEqual([dataError]);
    // The refused bucket stays pending here, counted locally as before.
    expect(await a.peek('bad|read', W)).toBe(1);
    // A connection lost is no value's fault: the batch waits whole for the next settle.
    let lost = true;
    const flaky: SettleTarget = {
      ...refusing,
      async incrementMany(entries: readonly SettleEntry[]) {
        if (lost) throw new Error('connection lost');
        return shared.incrementMany(entries);
      },
    };
    const b = new SettlingRateLimitStore(flaky, { settleEveryMs: NEVER });
    opened.push(b);
    await b.increment('good|read', W, 1, 100);
    await b.increment('other|read', W, 1, 100);
    await b.settle();
    expect(await shared.peek('good|read', W)).toBe(2);
    lost = false;
    await b.settle();
    expect([await shared.peek('good|read', W), await shared.peek('other|read', W)]).toEqual([3, 4]);
  });

  it('drops what was pending for a window that ended', async () => {
    const { shared, a } = await twoInstances();
    await a.increment('k|read', W, 5, 100);
    expect(await a.increment('k|read', W + 60, 1, 100)).toEqual({ count: 1, windowStart: W + 60 });
    await a.settle();
    expect(await shared.peek('k|read', W + 60)).toBe(1);
  });
});
