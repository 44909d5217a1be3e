/** Arrivals over this window give the pace at which frames are drawn. */
const RATE_WINDOW_MS = 4000;
/** More than this many milliseconds of frames waiting are drawn faster, to catch up. */
const CATCH_UP_MS = 1000;
/** Frames that waited longer are skipped, so the view stays live. */
const MAX_LAG_MS = 2000;
/** A display's refresh: frames arriving faster cannot all be drawn, so only a third of a second of them is kept then. */
const REFRESH_MS = 1000 / 60;
const FAST_STREAM_LAG_MS = 1000 / 3;

/**
 * Which waiting frame to draw at an animation frame. Frames are drawn at the pace they arrive,
 * averaged over the last four seconds of the stream, at most one per animation frame: a stream
 * that delivers in bursts (a server whose playback clock catches up after a stall sends a
 * second's ticks at once) is shown evenly instead of fast-forwarded then frozen, and a browser
 * whose rasteriser lags is not handed a burst of frames to draw. More than a second of frames
 * waiting is drawn faster; a frame that waited over two seconds (a third of one when frames
 * arrive faster than a display refreshes, as not every one can be drawn then) is skipped.
 * `restart` forgets the pace, for when playback stops or starts.
 */
export class FramePacer<T> {
  private readonly waiting: Array<{ item: T; at: number }> = [];
  private readonly arrivals: number[] = [];
  private since: number | undefined;
  private lastTaken = Number.NEGATIVE_INFINITY;

  get size(): number {
    return this.waiting.length;
  }

  /** Queues a frame that arrived at `now`; answers how many waiting frames were skipped for being too old. */
  push(item: T, now: number): number {
    this.since ??= now;
    this.arrivals.push(now);
    while (this.arrivals[0]! < now - RATE_WINDOW_MS) this.arrivals.shift();
    this.waiting.push({ item, at: now });
    const maxLag = this.periodMs(now) < REFRESH_MS ? FAST_STREAM_LAG_MS : MAX_LAG_MS;
    let skipped = 0;
    while (this.waiting.length > 1 && this.waiting[0]!.at < now - maxLag) {
      this.waiting.shift();
      skipped++;
    }
    return skipped;
  }

  /** Drops every waiting frame; the next one pushed is drawn at once. */
  clear(): void {
    this.waiting.length = 0;
    this.lastTaken = Number.NEGATIVE_INFINITY;
  }

  /** Forgets the pace measured so far (playback stopped, started or changed speed). */
  restart(): void {
    this.arrivals.length = 0;
    this.since = undefined;
  }

  /** The frame to draw at the animation frame of time `now`, or undefined when none is due yet. */
  take(now: number): T | undefined {
    if (this.waiting.length === 0) return undefined;
    const period = this.periodMs(now);
    const backlog = this.waiting.length * period;
    const due = this.lastTaken + (backlog > CATCH_UP_MS ? (period * CATCH_UP_MS) / backlog : period);
    // Animation frames come at whole refreshes: half a refresh early is on time.
    if (now < due - REFRESH_MS / 2) return undefined;
    this.lastTaken = now;
    return this.waiting.shift()!.item;
  }

  /** The average time between arrivals over the window (or since the pace restarted); 0 before two. */
  private periodMs(now: number): number {
    if (this.arrivals.length < 2 || this.since === undefined) return 0;
    return Math.min(RATE_WINDOW_MS, now - this.since) / this.arrivals.length;
  }
}
