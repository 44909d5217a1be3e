import type { Logger } from '../lib/logger.js';
import type { PlaybackController, PlaybackControllerFactory, PlaybackTarget } from '../simulations/playback-controller.js';
import { systemScheduler, type Scheduler } from './scheduler.js';

export interface PlaybackClockOptions {
  scheduler?: Scheduler;
  logger?: Logger;
  /** Shortest wait between two advances; faster rates advance several ticks per wake-up. */
  minIntervalMs?: number;
  /** Most ticks one advance computes (bounds how long it holds the simulation's lock). */
  maxBatch?: number;
  /** Largest backlog (in seconds of ticks) the clock catches up on; older debt is forgotten. */
  maxLagSeconds?: number;
}

interface Clock {
  speed: number;
  ticksPerSecond: number;
  /** Ticks per second: ticksPerSecond × speed. */
  rate: number;
  /** Scheduler time at which tick `done` was due. */
  origin: number;
  done: number;
  timer: unknown;
  running: Promise<void> | undefined;
  stopped: boolean;
}

/**
 * The server-side playback clock: one schedule per playing simulation. Tick n (counted from the
 * last `play`) is due at `origin + n / rate` seconds; each wake-up advances every tick that is due
 * (at most `maxBatch`) through `PlaybackTarget.advancePlayback`, the path step requests take, so
 * batching keeps the rate when timers are coarse or ticks are slow. If the engine cannot keep
 * up for more than `maxLagSeconds`, the debt is dropped and playback runs as fast as it can.
 */
class PlaybackClock implements PlaybackController {
  private readonly clocks = new Map<string, Clock>();
  private readonly scheduler: Scheduler;
  private readonly minIntervalMs: number;
  private readonly maxBatch: number;
  private readonly maxLagSeconds: number;
  private closed = false;

  constructor(
    private readonly target: PlaybackTarget,
    private readonly options: PlaybackClockOptions,
  ) {
    this.scheduler = options.scheduler ?? systemScheduler;
    this.minIntervalMs = options.minIntervalMs ?? 10;
    this.maxBatch = options.maxBatch ?? 1000;
    this.maxLagSeconds = options.maxLagSeconds ?? 1;
  }

  play(simulationId: string, options: { speed: number; ticksPerSecond: number }): void {
    if (this.closed) return;
    const rate = options.ticksPerSecond * options.speed;
    const now = this.scheduler.now();
    const clock = this.clocks.get(simulationId);
    if (clock !== undefined) {
      // A new speed applies at once; the part of a tick already elapsed is kept.
      clock.speed = options.speed;
      clock.ticksPerSecond = options.ticksPerSecond;
      this.retime(clock, rate, now);
      if (clock.running === undefined) this.schedule(simulationId, clock);
      return;
    }
    // The first tick comes one period after play, as a metronome's first beat after the start.
    const fresh: Clock = { speed: options.speed, ticksPerSecond: options.ticksPerSecond, rate, origin: now, done: 0, timer: undefined, running: undefined, stopped: false };
    this.clocks.set(simulationId, fresh);
    this.schedule(simulationId, fresh);
  }

  pause(simulationId: string): void {
    this.stop(simulationId);
  }

  stop(simulationId: string): void {
    const clock = this.clocks.get(simulationId);
    if (clock === undefined) return;
    clock.stopped = true;
    this.scheduler.clearTimeout(clock.timer);
    this.clocks.delete(simulationId);
  }

  /** Stops every clock, waits for advances in flight, then pauses what was playing (state saved). */
  async close(): Promise<void> {
    this.closed = true;
    const playing = [...this.clocks.entries()];
    for (const [id] of playing) this.stop(id);
    await Promise.all(playing.map(([, clock]) => clock.running));
    for (const [id] of playing) {
      try {
        await this.target.haltPlayback(id, 'shutdown');
      } catch (error) {
        this.options.logger?.error('playback: could not pause at shutdown', { simulationId: id, error: String(error) });
      }
    }
  }

  /** Simulations with a running clock (for tests and diagnostics). */
  get playing(): number {
    return this.clocks.size;
  }

  private retime(clock: Clock, rate: number, now: number): void {
    const progress = Math.max(0, ((now - clock.origin) * clock.rate) / 1000 - clock.done);
    const fraction = Math.min(progress, 1);
    clock.rate = rate;
    clock.done = 0;
    clock.origin = now - (fraction * 1000) / rate;
  }

  private schedule(simulationId: string, clock: Clock): void {
    this.scheduler.clearTimeout(clock.timer);
    const dueAt = clock.origin + ((clock.done + 1) * 1000) / clock.rate;
    const wait = Math.max(this.minIntervalMs, dueAt - this.scheduler.now());
    clock.timer = this.scheduler.setTimeout(() => {
      clock.timer = undefined;
      clock.running = this.fire(simulationId, clock).finally(() => {
        clock.running = undefined;
      });
    }, wait);
  }

  private async fire(simulationId: string, clock: Clock): Promise<void> {
    if (clock.stopped) return;
    const now = this.scheduler.now();
    let due = Math.floor(((now - clock.origin) * clock.rate) / 1000) - clock.done;
    if (due > clock.rate * this.maxLagSeconds && due > this.maxBatch) {
      // Too far behind to catch up: forget the debt, keep the phase.
      clock.done += due - 1;
      due = 1;
    }
    if (due > 0) {
      const batch = Math.min(due, this.maxBatch);
      let result: Awaited<ReturnType<PlaybackTarget['advancePlayback']>>;
      try {
        result = await this.target.advancePlayback(simulationId, batch);
      } catch (error) {
        // Not active any more (completed by a step request, failed), or storage trouble.
        this.options.logger?.warn('playback stopped', { simulationId, error: String(error) });
        if (this.clocks.get(simulationId) === clock) this.stop(simulationId);
        return;
      }
      clock.done += batch;
      if (result.status !== 'playing') {
        if (this.clocks.get(simulationId) === clock) this.stop(simulationId);
        return;
      }
      if (result.ticksPerSecond !== clock.ticksPerSecond && result.ticksPerSecond > 0) {
        // A set-rule decree changed rules.ticksPerSecond: the clock follows from now on.
        clock.ticksPerSecond = result.ticksPerSecond;
        this.retime(clock, result.ticksPerSecond * clock.speed, this.scheduler.now());
      }
    }
    if (!clock.stopped) this.schedule(simulationId, clock);
  }
}

/** The PlaybackControllerFactory for AppDeps.playback. */
export function playbackClock(options: PlaybackClockOptions = {}): PlaybackControllerFactory {
  return (target) => new PlaybackClock(target, options);
}
