import { describe, expect, it } from 'vitest';
import { FramePacer } from '../src/frame-pacer.js';

const REFRESH = 1000 / 60;

/**
 * Plays a stream into a pacer against a 60 Hz display: `arrivals` are the times frames arrive
 * (each frame is its arrival time), `until` the end. Returns, per frame drawn, when it arrived
 * and when it was drawn, and how many frames were skipped.
 */
function play(arrivals: number[], until: number, pacer = new FramePacer<number>()) {
  const drawn: Array<{ arrived: number; at: number }> = [];
  let skipped = 0;
  let next = 0;
  for (let frame = 0; frame * REFRESH <= until; frame++) {
    const now = frame * REFRESH;
    while (next < arrivals.length && arrivals[next]! <= now) {
      skipped += pacer.push(arrivals[next]!, arrivals[next]!);
      next++;
    }
    const item = pacer.take(now);
    if (item !== undefined) drawn.push({ arrived: item, at: now });
  }
  return { drawn, skipped, pacer };
}

const every = (from: number, count: number, gap: number) => Array.from({ length: count }, (_, i) => from + i * gap);
const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

describe('FramePacer', () => {
  it('draws a steady stream as it arrives: every frame, within a refresh of its arrival', () => {
    const arrivals = every(5, 100, 50);
    const { drawn, skipped } = play(arrivals, 5_100);
    expect(skipped).toBe(0);
    expect(drawn.map((d) => d.arrived)).toEqual(arrivals);
    for (const d of drawn) expect(d.at - d.arrived).toBeLessThanOrEqual(REFRESH);
  });

  it('spreads a burst over the time it stands for instead of drawing one per refresh', () => {
    // Two seconds at 20 a second, a 1.5 s stall, then the 30 missed ticks at once.
    const arrivals = [...every(0, 40, 50), ...Array.from({ length: 30 }, () => 3_500)];
    const { drawn, skipped } = play(arrivals, 6_000);
    expect(skipped).toBe(0);
    expect(drawn).toHaveLength(70);
    const burst = drawn.slice(40).map((d) => d.at);
    // Near the stream's average pace (one per 50 ms; a backlog over a second is drawn a little
    // faster), never at consecutive refreshes as a queue drained one per refresh would be.
    for (const gap of gaps(burst)) expect(gap).toBeGreaterThan(REFRESH + 1);
    expect(burst[burst.length - 1]! - burst[0]!).toBeGreaterThan(1_000);
  });

  it('catches up faster when more than a second of frames waits, and skips frames that waited over two seconds', () => {
    // 20 a second for 2 s, then nothing is drawn for 3 s (a hidden tab) while frames keep coming.
    const pacer = new FramePacer<number>();
    const first = play(every(0, 40, 50), 1_999, pacer);
    expect(first.drawn).toHaveLength(40);
    let skipped = 0;
    for (const at of every(2_000, 60, 50)) skipped += pacer.push(at, at);
    // Only the last two seconds are kept.
    expect(skipped).toBe(19);
    expect(pacer.size).toBe(41);
    // Drawn back faster than they came (41 frames at 50 ms would take over two seconds).
    let now = 5_000;
    const taken: number[] = [];
    while (pacer.size > 0) {
      if (pacer.take(now) !== undefined) taken.push(now);
      now += REFRESH;
    }
    expect(taken[taken.length - 1]! - taken[0]!).toBeLessThan(1_800);
  });

  it('draws the first frame after a pause at once', () => {
    const pacer = new FramePacer<number>();
    play(every(0, 40, 50), 2_000, pacer);
    pacer.restart();
    pacer.push(1, 10_000);
    expect(pacer.take(10_000 + REFRESH)).toBe(1);
  });

  it('keeps a third of a second of frames when they arrive faster than the display refreshes', () => {
    const arrivals = every(0, 500, 10); // 100 a second
    const { drawn, skipped } = play(arrivals, 5_000);
    expect(skipped).toBeGreaterThan(0);
    const late = drawn.slice(60).map((d) => d.at - d.arrived);
    expect(Math.max(...late)).toBeLessThanOrEqual(1000 / 3 + REFRESH);
  });
});
