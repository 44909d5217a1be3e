/**
 * Runs tasks one at a time per key, in arrival order, so concurrent mutations of one
 * simulation are serialized (none lost, none applied twice) while others run in parallel.
 * In-process only: several processes on one database also rely on the store's version check.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    // The tail swallows the outcome so one failure does not poison the queue.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    try {
      return await result;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
