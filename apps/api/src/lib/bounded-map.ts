/**
 * A Map of at most `capacity` entries: `set` makes its key the newest, and the oldest entry
 * goes once there are more. For the in-process caches (prepared statements, read caches,
 * remembered key hashes, recent idempotent responses), which must not grow without end.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly capacity: number) {
    super();
    if (!Number.isInteger(capacity) || capacity < 0) throw new Error('BoundedMap: capacity must be a non-negative integer');
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    if (this.size > this.capacity) super.delete(this.keys().next().value as K);
    return this;
  }
}
