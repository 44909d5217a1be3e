import { KeyedListeners } from '../lib/keyed-listeners.js';
import type { ExperimentEvent } from './experiment-store.js';

export type ExperimentListener = (event: ExperimentEvent) => void;

/**
 * The live side of experiment events: the process recording an event publishes it after its
 * transaction commits, and open SSE streams listen. Each listener receives an experiment's
 * events in seq order, none twice; one that throws does not stop the others.
 */
export interface ExperimentFeed {
  publish(experimentId: string, event: ExperimentEvent): void;
  /**
   * Follows one experiment from after event `afterSeq` (the stream reads what came before from
   * storage); returns the function that stops following it.
   */
  listen(experimentId: string, listener: ExperimentListener, afterSeq?: number): () => void;
  /** Called at shutdown, so open streams can end. */
  onClose(handler: () => void): () => void;
  close(): void;
}

/**
 * The feed of one process that records every event itself (an embedded database): listeners
 * are called synchronously, in publish order.
 */
export class InProcessExperimentFeed implements ExperimentFeed {
  // A broken listener (a stream already closed) must not stop the experiment.
  private readonly listeners = new KeyedListeners<ExperimentEvent>();
  private closeHandlers = new Set<() => void>();

  publish(experimentId: string, event: ExperimentEvent): void {
    this.listeners.publish(experimentId, event);
  }

  listen(experimentId: string, listener: ExperimentListener): () => void {
    return this.listeners.add(experimentId, listener);
  }

  onClose(handler: () => void): () => void {
    this.closeHandlers.add(handler);
    return () => this.closeHandlers.delete(handler);
  }

  close(): void {
    for (const handler of [...this.closeHandlers]) handler();
    this.closeHandlers = new Set();
  }
}
