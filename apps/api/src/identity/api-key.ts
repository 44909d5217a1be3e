import * as crypto from 'node:crypto';
import { createHash, randomBytes } from 'node:crypto';

/** Every API key starts with this, so leaked keys are easy to spot (secret scanners, logs). */
export const API_KEY_PREFIX = 'sim_';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 43 base62 characters carry about 256 bits, well above the 190 a key must carry (docs/identity.md, "API keys"). */
const SECRET_LENGTH = 43;
/** How many characters after `sim_` a listing shows: enough to tell keys apart, far too few to guess the rest. */
const DISPLAY_LENGTH = 8;
/** Refuse absurd header values before hashing them. */
const MAX_KEY_LENGTH = 128;
const KEY_FORMAT = /^sim_[0-9A-Za-z]{32,}$/;

/**
 * Draws `length` uniform base62 characters from the CSPRNG. Bytes of 248 and above are dropped
 * (rejection sampling) because 256 is not a multiple of 62 and `byte % 62` would favour the
 * first characters.
 */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A new secret key, `sim_` followed by 43 base62 characters. Shown once; only its hash is stored. */
export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBase62(SECRET_LENGTH);
}

/**
 * `crypto.hash` (Node 20.12 and later) hashes without building a Hash object: a third of the
 * cost, which counts on every request. Earlier Node 20 releases take the createHash path.
 */
const oneShotHash: typeof crypto.hash | undefined = typeof crypto.hash === 'function' ? crypto.hash : undefined;

/** The stored form of a key: hex SHA-256. A fast hash is right here: the key has ~256 bits of entropy, nothing to brute-force. */
export function hashApiKey(key: string): string {
  return oneShotHash ? oneShotHash('sha256', key, 'hex') : createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The non-secret part shown in listings, such as `sim_3fA9kQ2z`. */
export function apiKeyDisplayPrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + DISPLAY_LENGTH);
}

/** Whether a header value can be a key at all; anything else is refused without a database lookup. */
export function isWellFormedApiKey(value: string): boolean {
  return value.length <= MAX_KEY_LENGTH && KEY_FORMAT.test(value);
}
