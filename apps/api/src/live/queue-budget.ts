/**
 * The frames every stream of the process holds for its client, against one bound
 * (docs/api.md, "Events", "Several subscribers, slow subscribers"). A stream charges a frame when
 * it queues it or hands it to its socket, and releases it once the socket has taken it (its next
 * pull) or it was dropped. A frame held by several streams (they share the bytes of a tick) is
 * counted once, while any of them holds it: the sum is the memory the queues keep alive.
 */
export class QueueBudget {
  private used = 0;
  private peak = 0;
  /** Each frame held, with the number of holds on it. */
  private readonly holds = new Map<Uint8Array, number>();
  private waiting: (() => void)[] = [];

  constructor(readonly maxBytes: number) {}

  /** Bytes of the distinct frames held now (diagnostics, tests). */
  get usedBytes(): number {
    return this.used;
  }

  /** The most `usedBytes` has been (tests, benchmarks). */
  get peakBytes(): number {
    return this.peak;
  }

  /**
   * Whether a hold on `frame` fits: a frame already held costs nothing more. Ticks fit in 7/8 of
   * the bound; the rest is kept for the other events (a few hundred bytes each, which a `skip`
   * stream never drops), so a process full of ticks does not close streams for a status change.
   * With nothing held any frame fits, so one larger than the bound is still sent, alone.
   */
  fits(frame: Uint8Array, tick: boolean): boolean {
    if (this.used === 0 || this.holds.has(frame)) return true;
    const bound = tick ? this.maxBytes * (7 / 8) : this.maxBytes;
    return this.used + frame.byteLength <= bound;
  }

  hold(frame: Uint8Array): void {
    const holds = this.holds.get(frame) ?? 0;
    this.holds.set(frame, holds + 1);
    if (holds > 0) return;
    this.used += frame.byteLength;
    if (this.used > this.peak) this.peak = this.used;
  }

  release(frame: Uint8Array): void {
    const holds = this.holds.get(frame);
    if (holds === undefined) return;
    if (holds > 1) {
      this.holds.set(frame, holds - 1);
      return;
    }
    this.holds.delete(frame);
    this.used -= frame.byteLength;
    // Streams waiting for room try again, after the release that made it (it happens inside a pull).
    if (this.waiting.length === 0) return;
    const waiting = this.waiting;
    this.waiting = [];
    queueMicrotask(() => {
      for (const wake of waiting) wake();
    });
  }

  /** Settles on the next release that frees bytes (the caller checks `fits` again). */
  whenReleased(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}

/** 128 MiB: about 300 full JSON ticks of the largest world (docs/api.md, "Events", "Limits"). */
export const DEFAULT_PROCESS_QUEUE_BYTES = 128 * 1024 * 1024;
