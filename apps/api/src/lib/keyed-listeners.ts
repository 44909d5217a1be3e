/**
 * Listeners grouped by a key (a simulation's id, an experiment's): what an in-process event
 * feed needs. Listeners are called synchronously, in the order they were added; one that throws
 * is reported to `onListenerError` and does not stop the others, nor fail the publisher.
 */
export class KeyedListeners<T> {
  private readonly listeners = new Map<string, Set<(message: T) => void>>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  /** Returns the function that removes the listener (and the key, once it has none). */
  add(key: string, listener: (message: T) => void): () => void {
    let set = this.listeners.get(key);
    if (set === undefined) this.listeners.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(key) === set) this.listeners.delete(key);
    };
  }

  publish(key: string, message: T): void {
    const set = this.listeners.get(key);
    if (set === undefined) return;
    // A copy: a listener may remove itself, or add another, while it is called.
    for (const listener of [...set]) {
      try {
        listener(message);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  has(key: string): boolean {
    return (this.listeners.get(key)?.size ?? 0) > 0;
  }
}
