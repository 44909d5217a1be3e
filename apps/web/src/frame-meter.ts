import type { Durations, FrameReport, Stall, WorkName } from './frame-report.js';

const WORK_NAMES: readonly WorkName[] = ['tick', 'draw', 'chart', 'log'];
const DISPLAY_REFRESH_MS = 1000 / 60;
const STALL_MS = 250;

/**
 * The page's own account of its frames: counters kept all along (ticks received, frames drawn
 * and skipped) and, while `measure` runs, the time each piece of work takes and every
 * animation frame's gap. The frame-rate benchmark calls `measure` in the page; outside a
 * measurement `time` only runs the work.
 */
export class FrameMeter {
  ticksReceived = 0;
  ticksSkippedByServer = 0;
  framesDrawn = 0;
  framesSkipped = 0;
  private samples: Record<WorkName, number[]> | undefined;
  private lastDrawAt: number | undefined;
  private drawGaps: number[] = [];
  private lastTickAt: number | undefined;
  private tickGaps: number[] = [];
  private tickArrivals: Array<[tick: number, atEpochMs: number]> = [];
  /**
   * The wall clock less the page's clock, taken when a measurement starts: times reported in
   * epoch ms must compare with other processes' Date.now(), which performance.timeOrigin (fixed
   * when the page loaded, its clock drifting since) does not guarantee.
   */
  private epochOffset = 0;

  /** Runs `work`; while a measurement runs, records how long it took under `name`. */
  time<T>(name: WorkName, work: () => T): T {
    const samples = this.samples;
    if (samples === undefined) return work();
    const start = performance.now();
    try {
      return work();
    } finally {
      samples[name].push(performance.now() - start);
    }
  }

  /** Tick `tick` arrived from the stream. */
  tickReceived(tick: number): void {
    this.ticksReceived++;
    if (this.samples === undefined) return;
    const now = performance.now();
    if (this.lastTickAt !== undefined) this.tickGaps.push(now - this.lastTickAt);
    this.lastTickAt = now;
    this.tickArrivals.push([tick, this.epochOffset + now]);
  }

  /** A world frame was drawn. */
  drawn(): void {
    this.framesDrawn++;
    if (this.samples === undefined) return;
    const now = performance.now();
    if (this.lastDrawAt !== undefined) this.drawGaps.push(now - this.lastDrawAt);
    this.lastDrawAt = now;
  }

  /** Measures for `seconds`: counts animation frames and their gaps, and times the page's work meanwhile. */
  measure(seconds: number): Promise<FrameReport> {
    const before = {
      ticksReceived: this.ticksReceived,
      ticksSkippedByServer: this.ticksSkippedByServer,
      framesDrawn: this.framesDrawn,
      framesSkipped: this.framesSkipped,
    };
    const samples = Object.fromEntries(WORK_NAMES.map((name) => [name, [] as number[]])) as Record<WorkName, number[]>;
    this.samples = samples;
    this.epochOffset = Date.now() - performance.now();
    this.drawGaps = [];
    this.lastDrawAt = undefined;
    this.tickGaps = [];
    this.lastTickAt = undefined;
    this.tickArrivals = [];
    const longTasks: number[] = [];
    const observer =
      typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes.includes('longtask')
        ? new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((e) => e.duration)))
        : undefined;
    observer?.observe({ type: 'longtask' });
    const gaps: number[] = [];
    const stalls: Stall[] = [];
    const start = performance.now();
    let last = start;
    return new Promise((done) => {
      const frame = (now: number) => {
        const gap = now - last;
        gaps.push(gap);
        if (gap >= STALL_MS) stalls.push({ atEpochMs: this.epochOffset + last, ms: gap });
        last = now;
        if (now - start < seconds * 1000) return void requestAnimationFrame(frame);
        observer?.disconnect();
        this.samples = undefined;
        done({
          startedAtEpochMs: this.epochOffset + start,
          seconds: (now - start) / 1000,
          animationFrames: gaps.length,
          animationFrameGaps: durations(gaps),
          missedAnimationFrames: gaps.reduce((sum, g) => sum + Math.max(0, Math.round(g / DISPLAY_REFRESH_MS) - 1), 0),
          stalls,
          ticksReceived: this.ticksReceived - before.ticksReceived,
          tickArrivalGaps: durations(this.tickGaps),
          tickArrivals: this.tickArrivals,
          ticksSkippedByServer: this.ticksSkippedByServer - before.ticksSkippedByServer,
          framesDrawn: this.framesDrawn - before.framesDrawn,
          framesSkipped: this.framesSkipped - before.framesSkipped,
          worldFrameGaps: durations(this.drawGaps),
          work: Object.fromEntries(WORK_NAMES.map((name) => [name, durations(samples[name])])) as Record<WorkName, Durations>,
          longTasks: durations(longTasks),
        });
      };
      requestAnimationFrame(frame);
    });
  }
}

function durations(values: number[]): Durations {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0, total: sorted.reduce((a, b) => a + b, 0) };
}
