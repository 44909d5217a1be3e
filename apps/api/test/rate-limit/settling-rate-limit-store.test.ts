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

  it('drops what was pending for a window that ended', async () => {
    const { shared, a } = await twoInstances();
    await a.increment('k|read', W, 5, 100);
    expect(await a.increment('k|read', W + 60, 1, 100)).toEqual({ count: 1, windowStart: W + 60 });
    await a.settle();
    expect(await shared.peek('k|read', W + 60)).toBe(1);
  });
});
