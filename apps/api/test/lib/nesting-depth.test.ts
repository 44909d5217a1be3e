import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../src/lib/nesting-depth.js';

describe('nestsDeeperThan', () => {
  it('counts each array and object as a level, scalars as none', () => {
    expect(nestsDeeperThan(1, 0)).toBe(false);
    expect(nestsDeeperThan(null, 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: 'x' }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: 'x' }] }, 2)).toBe(true);
  });

  it('finds the one deep branch among shallow ones', () => {
    expect(nestsDeeperThan({ a: 1, b: [1, 2, 3], c: { d: { e: { f: [] } } } }, 4)).toBe(true);
    expect(nestsDeeperThan({ a: 1, b: [1, 2, 3], c: { d: { e: { f: [] } } } }, 5)).toBe(false);
  });

  it('measures a megabyte of brackets without overflowing the stack', () => {
    const deep = JSON.parse(`${'['.repeat(500_000)}${']'.repeat(500_000)}`) as unknown;
    expect(nestsDeeperThan(deep, 32)).toBe(true);
    expect(nestsDeeperThan(deep, 500_000)).toBe(false);
  });
});
