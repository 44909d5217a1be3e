import { describe, expect, it } from 'vitest';
import { playbackClock } from '../../src/live/playback-clock.js';
import type { Scheduler } from '../../src/live/scheduler.js';
import type { PlaybackController, PlaybackTarget } from '../../src/simulations/playback-controller.js';

/** Timers that run only when the test moves time forward. */
class ManualScheduler implements Scheduler {
  time = 0;
  private timers: { at: number; callback: () => void; id: number }[] = [];
  private next = 1;
  now(): number {
    return this.time;
  }
  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.next++;
    this.timers.push({ at: this.time + ms, callback, id });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((t) => t.id !== handle);
  }
  /** Moves time forward, firing due timers in order and letting their promises settle. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at);
      const due = this.timers[0];
      if (due === undefined || due.at > end) break;
      this.timers.shift();
      this.time = due.at;
      due.callback();
      for (let i = 0; i < 10; i++) await Promise.resolve();
    }
    this.time = end;
  }
}

/** A target that records each advance; `completeAt` ends playback at that tick. */
function recorder(options: { completeAt?: number; ticksPerSecond?: number } = {}) {
  const calls: { at: number; ticks: number }[] = [];
  const halted: string[] = [];
  // As the service does: the speed a play stores is what the next advance reports.
  const speeds = new Map<string, number>();
  let tick = 0;
  let scheduler: ManualScheduler;
  const target: PlaybackTarget & { tick(): number; bind(s: ManualScheduler): void } = {
    bind: (s) => (scheduler = s),
    tick: () => tick,
    async advancePlayback(id, ticks) {
      const allowed = options.completeAt === undefined ? ticks : Math.min(ticks, options.completeAt - tick);
      tick += allowed;
      calls.push({ at: scheduler.now(), ticks: allowed });
      return {
        ticks: allowed,
        status: options.completeAt !== undefined && tick >= options.completeAt ? 'completed' : 'playing',
        ticksPerSecond: options.ticksPerSecond ?? 10,
        speed: speeds.get(id) ?? 1,
      };
    },
    async haltPlayback(id) {
      halted.push(id);
    },
  };
  /** The clock, with each play's speed stored first. */
  const storing = <C extends PlaybackController>(clock: C): C => {
    const play = clock.play.bind(clock);
    clock.play = (id, played) => {
      speeds.set(id, played.speed);
      play(id, played);
    };
    return clock;
  };
  return { target, calls, halted, storing };
}

describe('playback clock', () => {
  it('advances at ticksPerSecond × speed, one tick per period at low rates', async () => {
    const scheduler = new ManualScheduler();
    const { target, calls, storing } = recorder();
    target.bind(scheduler);
    const clock = storing(playbackClock({ scheduler })(target));
    clock.play('s', { speed: 2, ticksPerSecond: 10 }); // 20 ticks/s: one every 50 ms
    await scheduler.advance(1000);
    expect(target.tick()).toBe(20);
    expect(calls.every((c) => c.ticks === 1)).toBe(true);
    expect(calls.map((c) => c.at).slice(0, 3)).toEqual([50, 100, 150]);
    clock.pause('s');
    await scheduler.advance(1000);
    expect(target.tick()).toBe(20);
  });

  it('batches ticks when the rate is above what timers can fire, keeping the rate', async () => {
    const scheduler = new ManualScheduler();
    const { target, calls, storing } = recorder({ ticksPerSecond: 1000 });
    target.bind(scheduler);
    const clock = storing(playbackClock({ scheduler, minIntervalMs: 10 })(target));
    clock.play('s', { speed: 10, ticksPerSecond: 1000 }); // 10 000 ticks/s
    await scheduler.advance(1000);
    expect(target.tick()).toBe(10_000);
    expect(calls.length).toBeLessThanOrEqual(101);
    expect(Math.max(...calls.map((c) => c.ticks))).toBe(100);
    clock.stop('s');
  });

  it('an engine slower than the rate gets at most a second of ticks at once: older debt is dropped', async () => {
    const scheduler = new ManualScheduler();
    const { target, calls, storing } = recorder();
    target.bind(scheduler);
    // Every tick takes 80 ms of the scheduler's time: at 20 ticks/s, the engine is too slow.
    const advance = target.advancePlayback.bind(target);
    target.advancePlayback = async (id, ticks) => {
      scheduler.time += 80 * ticks;
      return advance(id, ticks);
    };
    const clock = storing(playbackClock({ scheduler })(target));
    clock.play('s', { speed: 2, ticksPerSecond: 10 });
    await scheduler.advance(10_000);
    clock.stop('s');
    // A second of ticks at most, and as many as that once the engine is behind.
    expect(Math.max(...calls.map((c) => c.ticks))).toBe(20);
    // The debt beyond that second was dropped: far fewer ticks than the schedule's 200.
    expect(target.tick()).toBeLessThan(150);
  });

  it('applies a speed change at once', async () => {
    const scheduler = new ManualScheduler();
    const { target, storing } = recorder();
    target.bind(scheduler);
    const clock = storing(playbackClock({ scheduler })(target));
    clock.play('s', { speed: 1, ticksPerSecond: 10 });
    await scheduler.advance(1000);
    expect(target.tick()).toBe(10);
    clock.play('s', { speed: 10, ticksPerSecond: 10 });
    await scheduler.advance(1000);
    expect(target.tick()).toBe(110);
    clock.play('s', { speed: 0.1, ticksPerSecond: 10 });
    await scheduler.advance(2000);
    expect(target.tick()).toBe(112);
    clock.stop('s');
  });

  it('follows a new rules.ticksPerSecond reported by the target', async () => {
    const scheduler = new ManualScheduler();
    const { target, storing } = recorder({ ticksPerSecond: 50 });
    target.bind(scheduler);
    const clock = storing(playbackClock({ scheduler })(target));
    clock.play('s', { speed: 1, ticksPerSecond: 10 });
    await scheduler.advance(100); // first tick at 100 ms reports 50/s
    await scheduler.advance(1000);
    expect(target.tick()).toBeGreaterThanOrEqual(50);
    clock.stop('s');
  });

  it('stops by itself when the simulation completes', async () => {
    const scheduler = new ManualScheduler();
    const { target, calls, storing } = recorder({ completeAt: 7 });
    target.bind(scheduler);
    const clock = storing(playbackClock({ scheduler })(target)) as ReturnType<ReturnType<typeof playbackClock>> & { playing: number };
    clock.play('s', { speed: 10, ticksPerSecond: 10 });
    await scheduler.advance(5000);
    expect(target.tick()).toBe(7);
    expect(calls).toHaveLength(7);
    expect(clock.playing).toBe(0);
  });

  it('close stops every clock and pauses what was playing', async () => {
    const scheduler = new ManualScheduler();
    const { target, halted, storing } = recorder();
    target.bind(scheduler);
    const clock = storing(playbackClock({ scheduler })(target));
    clock.play('a', { speed: 1, ticksPerSecond: 10 });
    clock.play('b', { speed: 1, ticksPerSecond: 10 });
    clock.pause('b');
    await scheduler.advance(250);
    await clock.close();
    const at = target.tick();
    await scheduler.advance(1000);
    expect(target.tick()).toBe(at);
    expect(halted).toEqual(['a']);
    clock.play('a', { speed: 1, ticksPerSecond: 10 }); // after close: ignored
    await scheduler.advance(1000);
    expect(target.tick()).toBe(at);
  });

  it('a pause cancels the advance in flight; close lets it commit', async () => {
    const scheduler = new ManualScheduler();
    // An advance that settles only when the test says so, or rejects when its signal aborts.
    const signals: AbortSignal[] = [];
    const settle: (() => void)[] = [];
    const target: PlaybackTarget = {
      advancePlayback: (_id, ticks, signal) =>
        new Promise((resolve, reject) => {
          signals.push(signal as AbortSignal);
          signal?.addEventListener('abort', () => reject(new Error('cancelled')));
          settle.push(() => resolve({ ticks, status: 'playing', ticksPerSecond: 10, speed: 1 }));
        }),
      haltPlayback: async () => {},
    };
    const clock = playbackClock({ scheduler })(target);
    clock.play('a', { speed: 1, ticksPerSecond: 10 });
    clock.play('b', { speed: 1, ticksPerSecond: 10 });
    await scheduler.advance(100);
    expect(signals).toHaveLength(2);
    clock.pause('a');
    expect(signals[0]?.aborted).toBe(true);
    expect(signals[1]?.aborted).toBe(false);
    const closed = clock.close();
    expect(signals[1]?.aborted).toBe(false);
    settle[1]?.();
    await closed;
    expect(signals).toHaveLength(2);
  });
});
