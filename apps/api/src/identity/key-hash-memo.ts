import { BoundedMap } from '../lib/bounded-map.js';
import { hashApiKey } from './api-key.js';

/**
 * SHA-256 of the keys that authenticated lately. Once the lookup by hash is cached, hashing is
 * the dearest step of authenticating a request (a few µs); a key seen before is not hashed
 * again. Only keys that matched a live stored key are remembered, so a caller sending made-up
 * keys cannot fill it, and at most `capacity` of them, the oldest going first; a key found
 * revoked is forgotten.
 *
 * The keys stay in this process's memory, as they do in every request that carries them; the
 * database holds their hashes alone, and a revoke is still seen at once (the lookup decides).
 */
export class KeyHashMemo {
  private readonly hashes: BoundedMap<string, string>;

  constructor(capacity = 1_000) {
    if (!Number.isInteger(capacity) || capacity <= 0) throw new Error('KeyHashMemo: capacity must be a positive integer');
    this.hashes = new BoundedMap(capacity);
  }

  hash(key: string): string {
    return this.hashes.get(key) ?? hashApiKey(key);
  }

  forget(key: string): void {
    this.hashes.delete(key);
  }

  remember(key: string, hash: string): void {
    // Only new keys: a key's place in line is where it was first remembered.
    if (!this.hashes.has(key)) this.hashes.set(key, hash);
  }
}
