import { describe, expect, it } from 'vitest';
import { currentEffectKeys, withEffectKeys } from '../../src/idempotency/effect-keys.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const key = (token: string) => ({ scope: 'test', token });

describe('effect keys', () => {
  it('are the running task’s own, nested and overlapping tasks included; none outside', async () => {
    expect(currentEffectKeys()).toEqual([]);
    const seen: Record<string, unknown> = {};
    const first = withEffectKeys([key('a')], async () => {
      await sleep(10);
      seen.a = currentEffectKeys();
      await withEffectKeys([key('b')], async () => {
        await sleep(5);
        seen.nested = currentEffectKeys();
      });
      seen.afterNested = currentEffectKeys();
    });
    // It ends while the first still runs: the first keeps its keys.
    await withEffectKeys([key('c')], async () => {
      await sleep(1);
      seen.c = currentEffectKeys();
    });
    await first;
    expect(seen).toEqual({ a: [key('a')], nested: [key('b')], afterNested: [key('a')], c: [key('c')] });
    expect(currentEffectKeys()).toEqual([]);
  });

  it('leave nothing behind once no keyed task runs: what a task left running reads no keys', async () => {
    // A timer started inside a task (as a playing clock's) runs after it: the storage is off by
    // then, so that node 20's async hooks stop weighing on every promise of the process.
    let late: unknown;
    await withEffectKeys([key('d')], async () => {
      setTimeout(() => (late = currentEffectKeys()), 5);
    });
    await sleep(20);
    expect(late).toEqual([]);
    // And it turns on again for the next task.
    expect(await withEffectKeys([key('e')], async () => currentEffectKeys())).toEqual([key('e')]);
  });
});
