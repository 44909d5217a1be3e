/** What the page did over a measured stretch. */
export interface FrameCounters {
  seconds: number;
  /** The browser's animation frames (the display's rate when nothing blocks the page). */
  animationFrames: number;
  longestGapMs: number;
  /** Gaps between two animation frames longer than two frame times: frames the page dropped. */
  droppedFrames: number;
  framesDrawn: number;
  ticksReceived: number;
}

/**
 * Counts, over `seconds`, the animation frames the browser ran, the longest gap between two,
 * and the world frames drawn and ticks received meanwhile (read from the page's counters).
 * The frame-rate benchmark calls it in the page.
 */
export function measureFrames(seconds: number, counters: () => { framesDrawn: number; ticksReceived: number }): Promise<FrameCounters> {
  const before = counters();
  let animationFrames = 0;
  let longestGapMs = 0;
  let droppedFrames = 0;
  let last = performance.now();
  const end = last + seconds * 1000;
  return new Promise((done) => {
    const frame = (now: number) => {
      animationFrames++;
      const gap = now - last;
      longestGapMs = Math.max(longestGapMs, gap);
      if (gap > 2 * (1000 / 60)) droppedFrames++;
      last = now;
      if (now < end) {
        requestAnimationFrame(frame);
        return;
      }
      const after = counters();
      done({ seconds, animationFrames, longestGapMs, droppedFrames, framesDrawn: after.framesDrawn - before.framesDrawn, ticksReceived: after.ticksReceived - before.ticksReceived });
    };
    requestAnimationFrame(frame);
  });
}
