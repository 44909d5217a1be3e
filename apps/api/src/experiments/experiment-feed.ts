import { KeyedListeners } from '../lib/keyed-listeners.js';
import type { ExperimentEvent } from './experiment-store.js';

export type ExperimentListener = (event: ExperimentEvent) => void;

/**
 * The live side of experiment events in this process: the executor publishes each stored event
 * after its transaction commits, and open SSE streams listen. Listeners are called synchronously,
 * in order; one that throws does not stop the others.
 */
export class ExperimentFeed {
  // A broken listener (a stream already closed) must not stop the experiment.
  private readonly listeners = new KeyedListeners<ExperimentEvent>();
  private closeHandlers = new Set<() => void>();

  publish(experimentId: string, event: ExperimentEvent): void {
    this.listeners.publish(experimentId, event);
  }

  /** Follows one experiment; returns the function that stops following it. */
  listen(experimentId: string, listener: ExperimentListener): () => void {
    return this.listeners.add(experimentId, listener);
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
