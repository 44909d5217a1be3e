import { describe, expect, it } from 'vitest';
import { apiKeyDisplayPrefix, generateApiKey, hashApiKey, isWellFormedApiKey } from '../../src/identity/api-key.js';

describe('API keys', () => {
  it('are sim_ plus at least 32 base62 characters (≥ 190 bits)', () => {
    const key = generateApiKey();
    expect(key).toMatch(/^sim_[0-9A-Za-z]{43}$/);
    expect((key.length - 4) * Math.log2(62)).toBeGreaterThanOrEqual(190);
    expect(isWellFormedApiKey(key)).toBe(true);
  });

  it('do not repeat and use the whole alphabet', () => {
    const keys = Array.from({ length: 2000 }, generateApiKey);
    expect(new Set(keys).size).toBe(keys.length);
    const seen = new Set(keys.join('').replaceAll('sim_', ''));
    expect(seen.size).toBe(62);
  });

  it('hash to hex SHA-256 and show only a short prefix', () => {
    const key = generateApiKey();
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    expect(apiKeyDisplayPrefix(key)).toBe(key.slice(0, 12));
  });

  it('refuses malformed values without looking them up', () => {
    for (const bad of ['', 'sim_', 'sim_short', `pk_${'a'.repeat(40)}`, `sim_${'a'.repeat(40)}!`, `sim_${'a'.repeat(200)}`]) {
      expect(isWellFormedApiKey(bad)).toBe(false);
    }
  });
});
