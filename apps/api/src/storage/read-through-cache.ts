import { BoundedMap } from '../lib/bounded-map.js';
import type { MaybePromise } from '../lib/maybe-promise.js';
import type { ChangeWatch, WatchedTable } from './change-watch.js';

interface Entry<V> {
  version: number;
  value: V;
}

/** Freezes a value read from the database and everything in it: a cached value is shared by every caller. */
export function deepFreeze<V>(value: V): V {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Rows a store reads on every request (an API key by its hash, a simulation by its id), kept
 * with the version of their tables they were read at (see ChangeWatch) and served again while
 * that version stands: a hit costs one version check instead of a query. Without a watch it
 * caches nothing. Absent rows are not cached, so a row created by any path is seen at once.
 *
 * Values are frozen, deeply: callers share them. At most `capacity` entries; the oldest read
 * goes first.
 */
export class ReadThroughCache<K, V extends object> {
  private readonly entries: BoundedMap<K, Entry<V>>;

  constructor(
    private readonly watch: ChangeWatch | undefined,
    private readonly tables: readonly WatchedTable[],
    capacity: number,
  ) {
    if (!Number.isInteger(capacity) || capacity <= 0) throw new Error('ReadThroughCache: capacity must be a positive integer');
    this.entries = new BoundedMap(capacity);
  }

  /** A hit is given at once, without a promise (see MaybePromise); a miss loads. */
  get(key: K, load: () => Promise<V | undefined>): MaybePromise<V | undefined> {
    const watch = this.watch;
    if (watch === undefined) return load();
    const version = watch.version(this.tables);
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.version === version) return hit.value;
    return this.#load(key, load, watch, version);
  }

  async #load(key: K, load: () => Promise<V | undefined>, watch: ChangeWatch, version: number): Promise<V | undefined> {
    const value = await load();
    this.entries.delete(key);
    // Kept only if nothing was written meanwhile: the row may have changed after it was read.
    if (value === undefined || watch.version(this.tables) !== version) return value;
    this.entries.set(key, { version, value: deepFreeze(value) });
    return value;
  }
}
