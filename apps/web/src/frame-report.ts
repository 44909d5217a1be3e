/**
 * What the page's frame meter (frame-meter.ts) reports over a measured stretch. Plain types,
 * without the DOM, so the frame-rate benchmark (apps/api/bench/viewer.bench.ts) reads the same
 * shape the page writes.
 */

/** The pieces of work the page times: handling a received tick (decode included), drawing a world frame, redrawing the chart, adding to the event log. */
export type WorkName = 'tick' | 'draw' | 'chart' | 'log';

/** A distribution of durations, in milliseconds. */
export interface Durations {
  count: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
}

/** An animation-frame gap of 250 ms or more: when it began (epoch ms, to match with samples taken outside the page) and how long it lasted. */
export interface Stall {
  atEpochMs: number;
  ms: number;
}

/** What the page did over a measured stretch. */
export interface FrameReport {
  /** When the measurement began (epoch ms) and how long it lasted. */
  startedAtEpochMs: number;
  seconds: number;
  /** The browser's animation frames (the display's rate when nothing holds the page back). */
  animationFrames: number;
  /** Gaps between two animation frames. */
  animationFrameGaps: Durations;
  /** Display refreshes that passed without an animation frame: the sum over gaps of gap / refresh − 1, rounded. */
  missedAnimationFrames: number;
  stalls: Stall[];
  ticksReceived: number;
  /** Time between two ticks received: a stream that delivers in bursts shows here. */
  tickArrivalGaps: Durations;
  /** When each tick arrived (epoch ms): the benchmark compares them with a subscriber outside the browser. */
  tickArrivals: Array<[tick: number, atEpochMs: number]>;
  /** Ticks the server left out of this stream (`lag=skip` skips to the newest when the page falls behind): gaps in the tick numbers. */
  ticksSkippedByServer: number;
  framesDrawn: number;
  /** Received ticks never drawn: the queue of frames waiting to be drawn was full. */
  framesSkipped: number;
  /** Time between two world frames drawn. */
  worldFrameGaps: Durations;
  /** Main-thread time of each kind of work, per occurrence. */
  work: Record<WorkName, Durations>;
  /** The browser's long tasks (over 50 ms on the main thread), when it reports them. */
  longTasks: Durations;
}
