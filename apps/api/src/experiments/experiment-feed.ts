import type { ExperimentEvent } from './experiment-store.js';

export type ExperimentListener = (event: ExperimentEvent) => void;

/**
 * The live side of experiment events in this process: the executor publishes each stored event
 * after its transaction commits, and open SSE streams listen. Listeners are called synchronously,
 * in order; one that throws does not stop the others.
 */
export class ExperimentFeed {
  private readonly listeners = new Map<string, Set<ExperimentListener>>();
  private closeHandlers = new Set<() => void>();

  publish(experimentId: string, event: ExperimentEvent): void {
    for (const listener of this.listeners.get(experimentId) ?? []) {
      try {
        listener(event);
      } catch {
        // A broken listener (a stream already closed) must not stop the experiment.
      }
    }
  }

  /** Follows one experiment; returns the function that stops following it. */
  listen(experimentId: string, listener: ExperimentListener): () => void {
    let set = this.listeners.get(experimentId);
    if (set === undefined) this.listeners.set(experimentId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(experimentId) === set) this.listeners.delete(experimentId);
    };
  }

  /** Called at shutdown, so open streams can end. */
  onClose(handler: () => void): () => void {
    this.closeHandlers.add(handler);
    return () => this.closeHandlers.delete(handler);
  }

  close(): void {
    for (const handler of [...this.closeHandlers]) handler();
    this.closeHandlers = new Set();
  }
}
