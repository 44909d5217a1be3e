import { describe, expect, it } from 'vitest';
import { thenMaybe, type MaybePromise } from '../../src/lib/maybe-promise.js';

describe('thenMaybe', () => {
  it('runs at once on a value, and its throw is thrown at once', () => {
    expect(thenMaybe(2, (n) => n * 3)).toBe(6);
    expect(() =>
      thenMaybe(2, () => {
        throw new Error('refused');
      }),
    ).toThrow('refused');
  });

  it('waits for a promise, or for any thenable, and gives a promise', async () => {
    const promised = thenMaybe(Promise.resolve(2), (n) => n * 3);
    expect(promised).toBeInstanceOf(Promise);
    expect(await promised).toBe(6);
    // A thenable that is not a native promise is waited for too, never taken for the value.
    const thenable = { then: (resolve: (n: number) => void) => resolve(5) } as unknown as MaybePromise<number>;
    const fromThenable = thenMaybe(thenable, (n) => n + 1);
    expect(fromThenable).toBeInstanceOf(Promise);
    expect(await fromThenable).toBe(6);
  });
});
