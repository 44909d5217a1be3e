import { describe, expect, it } from 'vitest';
import { FreshReads } from '../../src/lib/fresh-reads.js';

/** A store whose reads the test completes by hand, each returning the value at the time it was sent. */
function manualStore() {
  let value = 0;
  const pending: Array<() => void> = [];
  return {
    write: (v: number) => void (value = v),
    sent: () => pending.length,
    load: (): Promise<number> => {
      const seen = value;
      return new Promise((resolve) => pending.push(() => resolve(seen)));
    },
    loadFailing: (): Promise<number> => new Promise((_, reject) => pending.push(() => reject(new Error('read failed')))),
    finishNext: async () => {
      pending.shift()?.();
      // Let the continuations (the next read's start) run.
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

describe('FreshReads', () => {
  it('callers that arrive while a read is in flight share one next read, sent after they arrived', async () => {
    const store = manualStore();
    const reads = new FreshReads<string, number>();
    store.write(1);
    const first = reads.read('a', store.load);
    // A write commits after the first read was sent: later callers must see it.
    store.write(2);
    const later = [reads.read('a', store.load), reads.read('a', store.load), reads.read('a', store.load)];
    expect(store.sent()).toBe(1);
    await store.finishNext();
    expect(await first).toBe(1);
    expect(store.sent()).toBe(1);
    await store.finishNext();
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
    expect(reads.inFlight).toBe(0);
  });

  it('a caller with nothing in flight reads at once; other keys do not wait for each other', async () => {
    const store = manualStore();
    const reads = new FreshReads<string, number>();
    store.write(5);
    const a = reads.read('a', store.load);
    const b = reads.read('b', store.load);
    expect(store.sent()).toBe(2);
    await store.finishNext();
    await store.finishNext();
    expect([await a, await b]).toEqual([5, 5]);
    expect(reads.inFlight).toBe(0);
  });

  it('a failed read fails the callers that shared it; the next caller reads afresh', async () => {
    const store = manualStore();
    const reads = new FreshReads<string, number>();
    const first = reads.read('a', store.loadFailing);
    const joined = reads.read('a', store.loadFailing);
    await store.finishNext();
    await expect(first).rejects.toThrow('read failed');
    await store.finishNext();
    await expect(joined).rejects.toThrow('read failed');
    store.write(7);
    const again = reads.read('a', store.load);
    await store.finishNext();
    expect(await again).toBe(7);
    expect(reads.inFlight).toBe(0);
  });
});
