import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '../../../src/rate-limit/memory-rate-limit-store.js';
import type { RateLimitStore } from '../../../src/rate-limit/rate-limit-store.js';
import type { SettleTarget } from '../../../src/rate-limit/settling-rate-limit-store.js';
import { createKyselyRateLimitStore } from '../../../src/storage/rate-limit-store-kysely.js';
import { DATABASES } from './databases.js';

/** A store per instance sharing one database: two on PostgreSQL, one where a single process owns it. */
interface RateLimitStores {
  name: string;
  open(): Promise<RateLimitStore[]>;
}

const STORES: RateLimitStores[] = [
  ...DATABASES.map((database) => ({
    name: database.name,
    async open() {
      const opened = await database.open();
      const handles = opened.storage.capabilities.ownedByOneProcess ? [opened.storage] : [opened.storage, await opened.openAnother()];
      return handles.map((handle) => createKyselyRateLimitStore(handle.db));
    },
  })),
  // What the server uses where one process owns the database (SQLite).
  { name: 'memory', open: async () => [new MemoryRateLimitStore()] },
];

/** A window start in Unix seconds, in 2039: beyond a 32-bit integer on purpose. */
const W = 2_200_000_020;

describe.each(STORES)('RateLimitStore on $name', (stores) => {
  it('counts a window, resets at a later one, and keeps counting when a clock is behind', async () => {
    const [store] = await stores.open();
    expect(await store!.increment('key:a|read', W)).toEqual({ count: 1, windowStart: W });
    expect(await store!.increment('key:a|read', W, 5)).toEqual({ count: 6, windowStart: W });
    expect(await store!.increment('key:b|read', W)).toEqual({ count: 1, windowStart: W });
    // An instance whose clock is behind counts into the current window.
    expect(await store!.increment('key:a|read', W - 60)).toEqual({ count: 7, windowStart: W });
    // A refused amount is given back.
    expect(await store!.increment('key:a|read', W, -5)).toEqual({ count: 2, windowStart: W });
    expect(await store!.increment('key:a|read', W + 60)).toEqual({ count: 1, windowStart: W + 60 });
  });

  it('counts work in agent-ticks beyond a 32-bit integer (one large run is billions), singly and settled in batches', async () => {
    const [store] = await stores.open();
    const large = 2_793_715_200;
    expect(await store!.increment('key:w|work', W, large)).toEqual({ count: large, windowStart: W });
    expect(await store!.increment('key:w|work', W, large)).toEqual({ count: 2 * large, windowStart: W });
    expect(await store!.peek('key:w|work', W)).toBe(2 * large);
    if ('incrementMany' in store!) {
      const settled = await (store as SettleTarget).incrementMany([{ bucket: 'key:w|work', windowStart: W, amount: large }]);
      expect(settled.get('key:w|work')).toEqual({ count: 3 * large, windowStart: W });
    }
  });

  it('peeks at a window without counting', async () => {
    const [store] = await stores.open();
    expect(await store!.peek('key:a|read', W)).toBe(0);
    await store!.increment('key:a|read', W, 3);
    expect(await store!.peek('key:a|read', W)).toBe(3);
    expect(await store!.peek('key:a|read', W)).toBe(3);
    expect(await store!.peek('key:a|read', W - 60)).toBe(3);
    expect(await store!.peek('key:a|read', W + 60)).toBe(0);
  });

  it('sweeps windows that started before a time', async () => {
    const [store] = await stores.open();
    await store!.increment('old', W - 120);
    await store!.increment('current', W);
    expect(await store!.sweep(W - 120)).toBe(0);
    expect(await store!.sweep(W)).toBe(1);
    expect(await store!.peek('old', W - 120)).toBe(0);
    expect(await store!.peek('current', W)).toBe(1);
  });

  it('counts a bucket of any name: a client address a proxy passed on can be long', async () => {
    const [store] = await stores.open();
    const long = `ip:${'f'.repeat(2_000)}|read`;
    const other = `ip:${'f'.repeat(1_999)}e|read`;
    expect((await store!.increment(long, W)).count).toBe(1);
    expect((await store!.increment(long, W)).count).toBe(2);
    expect((await store!.increment(other, W)).count).toBe(1);
    expect(await store!.peek(long, W)).toBe(2);
  });

  it('hands out every count exactly once to concurrent increments, from every instance', async () => {
    const instances = await stores.open();
    const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => instances[i % instances.length]!.increment('key:a|step', W)));
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await instances[0]!.peek('key:a|step', W)).toBe(40);
  });
});
