import { describe, expect, it } from 'vitest';
import { ReadOnlySet } from '../../src/lib/read-only-set.js';

describe('ReadOnlySet', () => {
  it('holds what it was built with and refuses every change', () => {
    const set = new ReadOnlySet(['simulation:read', 'org:read']);
    expect([...set]).toEqual(['simulation:read', 'org:read']);
    expect(set.has('simulation:read')).toBe(true);
    const writable = set as Set<string>;
    expect(() => writable.add('simulation:write')).toThrow(TypeError);
    expect(() => writable.delete('org:read')).toThrow(TypeError);
    expect(() => writable.clear()).toThrow(TypeError);
    expect([...set]).toEqual(['simulation:read', 'org:read']);
  });
});
