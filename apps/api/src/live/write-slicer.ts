/**
 * Spreads the writes to SSE subscribers over turns of the event loop (docs/api.md, "Events",
 * "Fair writes"). A tick fanned out to hundreds of sockets would otherwise be written in one
 * burst of microtasks, each write copying its frame into the kernel, and every request behind
 * it (GET /v1/health included) would wait for the whole burst. Here each turn writes at most
 * `sliceBytes` (or `sliceWrites` writes, and always at least one); the rest waits for the next
 * turn (setImmediate), after the loop has polled for I/O and served what arrived meanwhile.
 */
export class WriteSlicer {
  private bytes = 0;
  private writes = 0;
  private readonly waiting: { bytes: number; resolve: () => void }[] = [];
  private scheduled = false;

  constructor(
    private readonly sliceBytes = 256 * 1024,
    private readonly sliceWrites = 64,
  ) {}

  /** Undefined when `bytes` may be written now; otherwise a promise settled on a later turn. */
  admit(bytes: number): Promise<void> | undefined {
    if (this.waiting.length === 0 && this.hasRoom()) {
      this.take(bytes);
      return undefined;
    }
    const admitted = new Promise<void>((resolve) => this.waiting.push({ bytes, resolve }));
    this.schedule();
    return admitted;
  }

  /** Writers waiting for a turn (diagnostics, tests). */
  get backlog(): number {
    return this.waiting.length;
  }

  private hasRoom(): boolean {
    return this.writes === 0 || (this.bytes < this.sliceBytes && this.writes < this.sliceWrites);
  }

  private take(bytes: number): void {
    this.bytes += bytes;
    this.writes++;
    // The budget is per turn: it is given back on the next one.
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.turn());
  }

  private turn(): void {
    this.scheduled = false;
    this.bytes = 0;
    this.writes = 0;
    while (this.waiting.length > 0 && this.hasRoom()) {
      const next = this.waiting.shift() as { bytes: number; resolve: () => void };
      this.take(next.bytes);
      next.resolve();
    }
  }
}

/** The process's slicer: every stream shares the event loop, so they share its turns. */
export const sharedWriteSlicer = new WriteSlicer();
