/**
 * Why a streamed run ended before the ticks it was asked for, other than by completing: what
 * its NDJSON body's last line says (docs/api.md, "Run as a stream"). `tick` is the last tick
 * it committed; the simulation keeps every tick up to it.
 */
export interface RunStop {
  code: string;
  message: string;
  tick: number;
}

/** The stop of a run whose chunk loop did not finish: its client left, or the server is stopping. */
export const cancelledRun = (tick: number): RunStop => ({
  code: 'WORK_CANCELLED',
  message: `The run stopped after tick ${tick}: its client left or the server is stopping. The simulation keeps its ticks up to ${tick} and stays active`,
  tick,
});

/**
 * How far a streamed run has got: the last tick it committed, and how it ended once it has. Its
 * response reads it after the last step (to write a final error line) and so does the
 * idempotency record (the ticks that reproduce the body, and that line).
 */
export class RunProgress {
  private ending: { stop: RunStop | undefined } | undefined;

  constructor(
    /** The last tick committed. */
    public tick: number,
  ) {}

  /** The run computed every tick it could (all it was asked for, or up to its completion). */
  finish(): void {
    this.ending ??= { stop: undefined };
  }

  /** The run stopped early for `stop`'s reason. */
  stopped(stop: RunStop): void {
    this.ending ??= { stop };
  }

  /**
   * How the run ended, as seen now: undefined when it computed every tick it could; a run still
   * under way is seen as cut short (its body is only looked at once it ends or its client left).
   */
  stop(): RunStop | undefined {
    return this.ending === undefined ? cancelledRun(this.tick) : this.ending.stop;
  }
}
