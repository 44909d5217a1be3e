import { describe, expect, it } from 'vitest';
import { paceHeapGrowth } from '../../src/lib/heap-pacing.js';

describe('heap pacing (docs/operations.md, "Memory")', () => {
  it('sets the growing factor unless node was given one, on its command line or in NODE_OPTIONS', () => {
    expect(paceHeapGrowth(['--enable-source-maps', '--heap-growing-percent=20'], '')).toBe(false);
    expect(paceHeapGrowth([], '--max-old-space-size=4096 --heap_growing_percent=80')).toBe(false);
    expect(paceHeapGrowth(['--enable-source-maps'], '--max-old-space-size=4096')).toBe(true);
  });
});
