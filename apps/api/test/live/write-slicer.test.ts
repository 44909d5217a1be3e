import { describe, expect, it } from 'vitest';
import { WriteSlicer } from '../../src/live/write-slicer.js';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the write slicer', () => {
  it('admits at most a slice of bytes per turn of the event loop, in order, and lets I/O run between slices', async () => {
    const slicer = new WriteSlicer(256 * 1024, 64);
    const written: number[] = [];
    // Twenty writers of 100 KB ask at once, as a tick fanned out to twenty streams would.
    const writers = Array.from({ length: 20 }, async (_, i) => {
      const wait = slicer.admit(100 * 1024);
      if (wait !== undefined) await wait;
      written.push(i);
    });
    await Promise.resolve();
    // This turn: three writes (the third passes 256 KiB), the rest wait.
    expect(written).toEqual([0, 1, 2]);
    expect(slicer.backlog).toBe(17);
    // A callback queued now (as an incoming request would be) runs before the next slice completes.
    let between = -1;
    setImmediate(() => (between = written.length));
    await Promise.all(writers);
    expect(written).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(between).toBeGreaterThanOrEqual(3);
    expect(between).toBeLessThan(20);
  });

  it('caps the number of small writes per turn and always admits one large write', async () => {
    const slicer = new WriteSlicer(256 * 1024, 4);
    const small = Array.from({ length: 10 }, () => slicer.admit(10));
    expect(small.filter((w) => w === undefined)).toHaveLength(4);
    await Promise.all(small);
    await turn();
    await turn();
    // A fresh turn with nothing waiting: one write larger than the slice goes at once.
    expect(slicer.admit(1024 * 1024)).toBeUndefined();
  });
});
