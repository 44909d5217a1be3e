import { performance } from 'node:perf_hooks';
import { EngineTaskCancelled } from './engine-runner.js';

/** How long the event loop is held at most between two turns (docs/api.md, "Engine work", "Where it runs"). */
export const SLICE_MS = 8;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Work on the event loop in bounded slices: a loop calls `pause()` between two items, and once
 * `sliceMs` has passed since the last turn it waits for the next one (setImmediate), after the
 * loop has polled for I/O and answered what arrived meanwhile (health, other requests). Work
 * whose size a request chooses (translating a domain input per value, recording reused runs)
 * runs so. When `signal` aborts (the client left), `pause()` rejects with EngineTaskCancelled,
 * answered 503 WORK_CANCELLED like engine work that stopped.
 */
export class TimeSlices {
  private started = performance.now();

  constructor(
    private readonly signal?: AbortSignal,
    private readonly sliceMs = SLICE_MS,
  ) {}

  async pause(): Promise<void> {
    if (performance.now() - this.started < this.sliceMs) return;
    await nextTurn();
    if (this.signal?.aborted === true) throw new EngineTaskCancelled();
    this.started = performance.now();
  }
}
