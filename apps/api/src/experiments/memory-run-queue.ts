import type { RunBatch, RunBatchHandler, RunQueue } from './run-queue.js';

export interface MemoryRunQueueOptions {
  /** Wait before a batch handed back (its handler threw) can be taken again; default 250 ms. */
  retryMs?: number;
}

const keyOf = (batch: Pick<RunBatch, 'experimentId' | 'from' | 'to'>): string => `${batch.experimentId}:${batch.from}:${batch.to}`;

/** A queued batch and the order it was queued in (ties of turn go oldest first). */
interface Queued {
  batch: RunBatch;
  order: number;
}

/**
 * The RunQueue of one process on an embedded database, in memory: the same contract as the
 * shared queue in PostgreSQL (docs/operations.md, "Experiments on several instances"), so one executor
 * serves both deployments. Nothing is durable; at start the executor queues again the batches of
 * every experiment still running, and skips the runs already stored. Batches are taken lowest
 * turn first, then oldest first; one already queued or under way is not queued again; a handler
 * that throws hands its batch back, to be taken again after `retryMs`.
 */
export class MemoryRunQueue implements RunQueue {
  private readonly pending = new Map<string, Queued>();
  private readonly held = new Set<string>();
  private readonly idle = new Set<() => void>();
  private readonly loops: Promise<void>[] = [];
  private readonly retries = new Set<NodeJS.Timeout>();
  private readonly retryMs: number;
  private order = 0;
  private stopping = false;

  constructor(options: MemoryRunQueueOptions = {}) {
    this.retryMs = options.retryMs ?? 250;
  }

  async send(batches: readonly RunBatch[]): Promise<void> {
    for (const batch of batches) this.put(batch);
    this.wake();
  }

  async discard(batches: readonly RunBatch[]): Promise<void> {
    for (const batch of batches) this.pending.delete(keyOf(batch));
  }

  work(concurrency: number, handler: RunBatchHandler): void {
    for (let i = 0; i < concurrency; i++) this.loops.push(this.loop(handler));
  }

  wake(): void {
    for (const wake of [...this.idle]) wake();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    this.wake();
    await Promise.all(this.loops);
  }

  /** Batches waiting to be taken (not those under way). */
  get size(): number {
    return this.pending.size;
  }

  private put(batch: RunBatch): void {
    const key = keyOf(batch);
    if (this.pending.has(key) || this.held.has(key)) return;
    this.pending.set(key, { batch, order: this.order++ });
  }

  /** The next batch by turn, then by queuing order; undefined when none waits. */
  private take(): RunBatch | undefined {
    let next: [string, Queued] | undefined;
    for (const entry of this.pending) {
      const [, queued] = entry;
      if (next === undefined || queued.batch.turn < next[1].batch.turn || (queued.batch.turn === next[1].batch.turn && queued.order < next[1].order))
        next = entry;
    }
    if (next === undefined) return undefined;
    this.pending.delete(next[0]);
    this.held.add(next[0]);
    return next[1].batch;
  }

  /** One taker: a batch at a time until stop. */
  private async loop(handler: RunBatchHandler): Promise<void> {
    while (!this.stopping) {
      const batch = this.take();
      if (batch === undefined) {
        await this.rest();
        continue;
      }
      const key = keyOf(batch);
      try {
        await handler(batch);
        this.held.delete(key);
      } catch {
        // Handed back: taken again later (here, by this process; the executor decides when a batch is done).
        this.held.delete(key);
        if (this.stopping) continue;
        const timer = setTimeout(() => {
          this.retries.delete(timer);
          this.put(batch);
          this.wake();
        }, this.retryMs);
        timer.unref();
        this.retries.add(timer);
      }
    }
  }

  /** Waits until a batch is queued or the queue stops. */
  private rest(): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        this.idle.delete(done);
        resolve();
      };
      this.idle.add(done);
    });
  }
}
