import { describe, expect, it } from 'vitest';
import { coalescedCatchUp, type CatchUpState } from '../../src/lib/coalesced-catch-up.js';

/** A round that waits until the test lets it end. */
function gatedRounds(): { work: () => Promise<void>; started: () => number; finishOne: () => void } {
  let count = 0;
  const gates: Array<() => void> = [];
  return {
    work: () => {
      count++;
      return new Promise<void>((resolve) => gates.push(resolve));
    },
    started: () => count,
    finishOne: () => gates.shift()?.(),
  };
}

const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('coalescedCatchUp', () => {
  it('runs one round at a time and, asked any number of times meanwhile, one more round after it', async () => {
    const state: CatchUpState = { running: undefined, again: false };
    const rounds = gatedRounds();
    const ask = (): void => coalescedCatchUp(state, { work: rounds.work, current: () => true, onError: () => {}, retry: ask, retryMs: 1 });
    ask();
    ask();
    ask();
    expect(rounds.started()).toBe(1);
    rounds.finishOne();
    await settle();
    expect(rounds.started()).toBe(2);
    rounds.finishOne();
    await settle();
    expect(rounds.started()).toBe(2);
    expect(state.running).toBeUndefined();
  });

  it('starts no further round once the follower is gone', async () => {
    const state: CatchUpState = { running: undefined, again: false };
    const rounds = gatedRounds();
    let current = true;
    const ask = (): void => coalescedCatchUp(state, { work: rounds.work, current: () => current, onError: () => {}, retry: ask, retryMs: 1 });
    ask();
    ask();
    current = false;
    rounds.finishOne();
    await settle();
    expect(rounds.started()).toBe(1);
  });

  it('reports a failed round and asks again after retryMs', async () => {
    const state: CatchUpState = { running: undefined, again: false };
    const errors: unknown[] = [];
    let calls = 0;
    const done = new Promise<void>((resolve) => {
      const ask = (): void =>
        coalescedCatchUp(state, {
          work: async () => {
            calls++;
            if (calls === 1) throw new Error('database away');
            resolve();
          },
          current: () => true,
          onError: (error) => errors.push(error),
          retry: ask,
          retryMs: 5,
        });
      ask();
    });
    await done;
    expect(calls).toBe(2);
    expect(errors.map(String)).toEqual(['Error: database away']);
  });
});
