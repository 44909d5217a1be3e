interface Flight<V> {
  readonly sent: Promise<V>;
  /** The read that starts when `sent` ends, shared by every caller that arrived meanwhile. */
  next: Promise<V> | undefined;
}

/**
 * Concurrent reads of one key share database round trips without reading anything stale: a
 * caller joins only a read sent after it arrived. With no read of the key in flight, a caller
 * sends one; while one is in flight (it may have been sent before this caller's own write, or
 * before another instance's write it must see), the caller waits for the next, which starts
 * when that one ends and serves everyone who arrived in between. So each answer reflects every
 * commit made before its caller asked (read-your-writes holds), and N callers of a key cost at
 * most one round trip in flight and one waiting, however large N. A failed read fails the
 * callers that shared it, and the next caller reads afresh.
 */
export class FreshReads<K, V> {
  readonly #flights = new Map<K, Flight<V>>();

  read(key: K, load: () => Promise<V>): Promise<V> {
    const flight = this.#flights.get(key);
    if (flight === undefined) return this.#send(key, load);
    flight.next ??= flight.sent.then(
      () => this.#send(key, load),
      () => this.#send(key, load),
    );
    return flight.next;
  }

  /** Keys with a read in flight (for tests). */
  get inFlight(): number {
    return this.#flights.size;
  }

  #send(key: K, load: () => Promise<V>): Promise<V> {
    const flight: Flight<V> = { sent: load(), next: undefined };
    this.#flights.set(key, flight);
    const done = (): void => {
      // A later flight of the key (started by `next`) replaced this one in the map: it stays.
      if (flight.next === undefined && this.#flights.get(key) === flight) this.#flights.delete(key);
    };
    flight.sent.then(done, done);
    return flight.sent;
  }
}
