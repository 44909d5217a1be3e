/** Runs `from` (included) to `to` (excluded) of one experiment, by index: combination × replications + replication. */
export interface RunBatch {
  experimentId: string;
  from: number;
  to: number;
  /**
   * Batches are taken lowest turn first, then oldest first: an experiment's n-th batch has turn
   * `offset + n`, so the experiments running at once advance batch by batch in turns.
   */
  turn: number;
}

/** Takes one batch; resolving means done, throwing hands the batch back to the queue. */
export type RunBatchHandler = (batch: RunBatch) => Promise<void>;

/**
 * A durable queue of run batches shared by every process on one database (docs/operations.md,
 * "Experiments on several instances"). Each batch is taken by one process at a time; a batch
 * whose process dies goes back to the queue and is taken again elsewhere, so a handler must
 * skip the runs already stored.
 */
export interface RunQueue {
  /** Queues batches; one already queued (same experiment and range) is not queued again. */
  send(batches: readonly RunBatch[]): Promise<void>;
  /** Removes the batches not taken yet (a cancelled experiment's). */
  discard(batches: readonly RunBatch[]): Promise<void>;
  /** Starts taking batches, at most `concurrency` at once, until `stop`. */
  work(concurrency: number, handler: RunBatchHandler): void;
  /** Batches may have been queued elsewhere: idle takers look now rather than at their next poll. */
  wake(): void;
  /** Stops taking batches and waits for the handlers under way (their batches are done or handed back). */
  stop(): Promise<void>;
}
