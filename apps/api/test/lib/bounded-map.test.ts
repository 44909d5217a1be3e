import { describe, expect, it } from 'vitest';
import { BoundedMap } from '../../src/lib/bounded-map.js';

describe('BoundedMap', () => {
  it('holds at most its capacity, dropping the oldest; setting a key again makes it the newest', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 3).set('c', 4);
    expect([...map]).toEqual([
      ['a', 3],
      ['c', 4],
    ]);
  });

  it('with capacity 0 holds nothing; a negative or fractional capacity is refused', () => {
    expect(new BoundedMap<string, number>(0).set('a', 1).size).toBe(0);
    expect(() => new BoundedMap(-1)).toThrow();
    expect(() => new BoundedMap(1.5)).toThrow();
  });
});
