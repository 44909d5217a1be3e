/** Sets whose construction is over; `add` runs during construction, before any field exists. */
const sealed = new WeakSet<Set<unknown>>();

/**
 * A Set that refuses changes once built. `Object.freeze` does not stop `Set.add`, and a set
 * shared by many requests (the scopes of a cached API key) must not be widened by one of them.
 */
export class ReadOnlySet<T> extends Set<T> {
  constructor(values: Iterable<T>) {
    // Set's constructor fills the set through `add`.
    super(values);
    sealed.add(this);
  }

  override add(value: T): this {
    if (sealed.has(this)) throw new TypeError('This set is read-only');
    return super.add(value);
  }

  override delete(): boolean {
    throw new TypeError('This set is read-only');
  }

  override clear(): void {
    throw new TypeError('This set is read-only');
  }
}
