import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '../../src/rate-limit/memory-rate-limit-store.js';
import type { RateLimitStore } from '../../src/rate-limit/rate-limit-store.js';
import { tierRateLimitPolicy } from '../../src/rate-limit/rate-limit-policy.js';
import { RateLimiter } from '../../src/rate-limit/rate-limiter.js';

const clock = { now: () => new Date('2030-01-01T00:00:30Z') };

/** The memory store behind promises, as a store on a database answers. */
function behindPromises(inner: RateLimitStore): RateLimitStore {
  return {
    increment: async (...args) => inner.increment(...args),
    peek: (...args) => inner.peek(...args),
    sweep: (...args) => inner.sweep(...args),
  };
}

describe('RateLimiter', () => {
  it('decides without a promise when the store counts in memory, and the same as through promises', async () => {
    const policy = tierRateLimitPolicy();
    const inMemory = new RateLimiter({ store: new MemoryRateLimitStore(), policy, clock });
    const throughPromises = new RateLimiter({ store: behindPromises(new MemoryRateLimitStore()), policy, clock });
    const { limit } = policy.limitFor('free', 'read');
    const decisions: unknown[] = [];
    for (let i = 0; i <= limit + 1; i++) {
      const decision = inMemory.consume('key:a', 'free', 'read');
      expect(decision).not.toBeInstanceOf(Promise);
      // Through promises until the window is used up; after that the limiter answers from memory either way.
      const awaited = throughPromises.consume('key:a', 'free', 'read');
      if (i < limit) expect(awaited).toBeInstanceOf(Promise);
      expect(decision).toEqual(await awaited);
      decisions.push(decision);
    }
    expect(decisions.at(limit - 1)).toMatchObject({ allowed: true, remaining: 0 });
    expect(decisions.at(limit)).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('gives back a refused amount larger than one, through promises or not', async () => {
    const policy = tierRateLimitPolicy();
    const { limit } = policy.limitFor('free', 'compute');
    for (const store of [new MemoryRateLimitStore(), behindPromises(new MemoryRateLimitStore())]) {
      const limiter = new RateLimiter({ store, policy, clock });
      expect(await limiter.consume('key:b', 'free', 'compute', limit + 1)).toMatchObject({ allowed: false, remaining: limit });
      expect(await limiter.consume('key:b', 'free', 'compute', limit)).toMatchObject({ allowed: true, remaining: 0 });
    }
  });
});
