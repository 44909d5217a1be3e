import { describe, expect, it } from 'vitest';
import { collectYoungGeneration } from '../../src/engine-work/young-collection.js';

const SIZE = 32 << 20;
const arrayBuffers = (): number => process.memoryUsage().arrayBuffers;

describe('collectYoungGeneration (docs/operations.md, "Memory")', () => {
  it('frees the memory of a buffer that died young at once, where it would wait for the heap to fill', async () => {
    // Made and dropped in a function of its own: nothing on this stack refers to it after.
    const held = ((): number => {
      new Uint8Array(SIZE).fill(1);
      return arrayBuffers();
    })();
    expect(held).toBeGreaterThanOrEqual(SIZE);
    await new Promise((resolve) => setImmediate(resolve));
    const dead = arrayBuffers();
    collectYoungGeneration();
    // Without the collection a 32 MB buffer (a few bytes of heap) waits: the heap barely grew.
    expect(dead).toBeGreaterThan(held - SIZE / 2);
    expect(arrayBuffers()).toBeLessThan(held - SIZE / 2);
  });

  it('can be called again (the collector is looked up once)', () => {
    expect(() => {
      collectYoungGeneration();
      collectYoungGeneration();
    }).not.toThrow();
  });
});
