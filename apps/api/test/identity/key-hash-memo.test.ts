import { describe, expect, it } from 'vitest';
import { generateApiKey, hashApiKey } from '../../src/identity/api-key.js';
import { KeyHashMemo } from '../../src/identity/key-hash-memo.js';

describe('KeyHashMemo', () => {
  it('gives the stored hash of any key, remembered or not', () => {
    const memo = new KeyHashMemo();
    const key = generateApiKey();
    expect(memo.hash(key)).toBe(hashApiKey(key));
    memo.remember(key, hashApiKey(key));
    expect(memo.hash(key)).toBe(hashApiKey(key));
  });

  it('answers a remembered key from memory and forgets the oldest beyond its capacity', () => {
    const memo = new KeyHashMemo(2);
    const [a, b, c] = [generateApiKey(), generateApiKey(), generateApiKey()];
    // A remembered hash is returned as remembered, which shows it was not computed again.
    memo.remember(a, 'remembered-a');
    memo.remember(b, 'remembered-b');
    expect([memo.hash(a), memo.hash(b)]).toEqual(['remembered-a', 'remembered-b']);
    memo.remember(c, 'remembered-c');
    expect([memo.hash(a), memo.hash(b), memo.hash(c)]).toEqual([hashApiKey(a), 'remembered-b', 'remembered-c']);
  });

  it('forgets a key on request', () => {
    const memo = new KeyHashMemo();
    const key = generateApiKey();
    memo.remember(key, 'remembered');
    memo.forget(key);
    expect(memo.hash(key)).toBe(hashApiKey(key));
  });
});
