import { describe, expect, it } from 'vitest';
import { MemoryRunQueue } from '../../src/experiments/memory-run-queue.js';
import type { RunBatch } from '../../src/experiments/run-queue.js';

/**
 * The in-memory RunQueue of one process keeps the contract of the shared one in PostgreSQL
 * (src/experiments/run-queue.ts): lowest turn first then oldest, no batch twice, discard,
 * a thrown handler hands the batch back, stop waits for the handlers under way.
 */

const batch = (experimentId: string, from: number, turn: number): RunBatch => ({ experimentId, from, to: from + 1, turn });
const label = (b: RunBatch): string => `${b.experimentId}${b.from}`;

function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (condition()) resolve();
      else if (Date.now() > deadline) reject(new Error('condition not met in time'));
      else setTimeout(check, 5);
    };
    check();
  });
}

describe('MemoryRunQueue', () => {
  it('hands batches out lowest turn first, then in the order they were queued', async () => {
    const queue = new MemoryRunQueue();
    await queue.send([batch('a', 0, 1), batch('a', 1, 2), batch('b', 0, 0), batch('b', 1, 1), batch('c', 0, 1)]);
    const taken: string[] = [];
    queue.work(1, async (b) => {
      taken.push(label(b));
    });
    await until(() => taken.length === 5);
    await queue.stop();
    expect(taken).toEqual(['b0', 'a0', 'b1', 'c0', 'a1']);
  });

  it('does not queue a batch twice, whether waiting or under way, and discards those not taken', async () => {
    const queue = new MemoryRunQueue();
    let release: () => void = () => {};
    const taken: string[] = [];
    queue.work(1, async (b) => {
      taken.push(label(b));
      if (b.experimentId === 'a') await new Promise<void>((resolve) => (release = resolve));
    });
    await queue.send([batch('a', 0, 0)]);
    await until(() => taken.length === 1);
    // Under way: not queued again. Waiting: kept once.
    await queue.send([batch('a', 0, 0), batch('b', 0, 1), batch('b', 0, 1), batch('c', 0, 2)]);
    expect(queue.size).toBe(2);
    await queue.discard([batch('c', 0, 2)]);
    expect(queue.size).toBe(1);
    release();
    await until(() => taken.length === 2);
    await queue.stop();
    expect(taken).toEqual(['a0', 'b0']);
  });

  it('takes a batch again after its handler threw', async () => {
    const queue = new MemoryRunQueue({ retryMs: 10 });
    let attempts = 0;
    queue.work(2, async () => {
      attempts++;
      if (attempts < 3) throw new Error('hand back');
    });
    await queue.send([batch('a', 0, 0)]);
    await until(() => attempts === 3);
    await queue.stop();
    expect(attempts).toBe(3);
    expect(queue.size).toBe(0);
  });

  it('stops taking batches and waits for the handlers under way', async () => {
    const queue = new MemoryRunQueue();
    const taken: string[] = [];
    let finished = false;
    queue.work(1, async (b) => {
      taken.push(label(b));
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished = true;
    });
    await queue.send([batch('a', 0, 0), batch('a', 1, 1)]);
    await until(() => taken.length === 1);
    await queue.stop();
    expect(finished).toBe(true);
    expect(taken).toEqual(['a0']);
  });
});
