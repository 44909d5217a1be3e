import type { PlaybackLeases } from '../coordination/coordination.js';
import type { Logger } from '../lib/logger.js';
import type { PlaybackController, PlaybackControllerFactory, PlaybackProgress, PlaybackTarget } from '../simulations/playback-controller.js';
import type { PlaybackPayer } from '../work-budget/playback-payers.js';
import { systemScheduler, type Scheduler } from './scheduler.js';
import { inBackground } from '../lib/in-background.js';

export interface PlaybackClockOptions {
  scheduler?: Scheduler;
  logger?: Logger;
  /** Shortest wait between two advances; faster rates advance several ticks per wake-up. */
  minIntervalMs?: number;
  /** Most ticks one advance computes (bounds how long it holds the simulation's lock). */
  maxBatch?: number;
  /** Largest backlog (in seconds of ticks) the clock catches up on; beyond it the debt is forgotten. */
  maxLagSeconds?: number;
  /** Who may advance each simulation; default this process, always. */
  leases?: PlaybackLeases;
  /**
   * At shutdown, give the leases up for another process to go on (several processes on one
   * database) instead of pausing what plays; default false.
   */
  handOver?: boolean;
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
  /** Aborts the advance in flight (a pause does not wait for its batch). */
  inFlight: AbortController | undefined;
  /** Resolves once the lease is decided; the clock runs only when it was won. */
  leased: Promise<boolean>;
  holding: boolean;
}

/** Holds every lease: one process alone on its database. */
const alwaysHeld: PlaybackLeases = { acquire: async () => true, release: async () => {}, onLost: () => () => {}, orphans: async () => [] };

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
  private readonly leases: PlaybackLeases;
  private readonly stopLosing: () => void;
  private closed = false;

  constructor(
    private readonly target: PlaybackTarget,
    private readonly options: PlaybackClockOptions,
  ) {
    this.scheduler = options.scheduler ?? systemScheduler;
    this.minIntervalMs = options.minIntervalMs ?? 10;
    this.maxBatch = options.maxBatch ?? 1000;
    this.maxLagSeconds = options.maxLagSeconds ?? 1;
    this.leases = options.leases ?? alwaysHeld;
    // This process stalled past its lease and another took the simulation over: stop, release nothing.
    this.stopLosing = this.leases.onLost((simulationId) => {
      this.options.logger?.warn('playback: lease taken over by another process', { simulationId });
      this.halt(simulationId);
    });
  }

  play(simulationId: string, options: { speed: number; ticksPerSecond: number; payer?: PlaybackPayer | undefined }): void {
    if (this.closed) return;
    const rate = options.ticksPerSecond * options.speed;
    const now = this.scheduler.now();
    const clock = this.clocks.get(simulationId);
    if (clock !== undefined) {
      // A new speed applies at once; the part of a tick already elapsed is kept.
      clock.speed = options.speed;
      clock.ticksPerSecond = options.ticksPerSecond;
      this.retime(clock, rate, now);
      if (clock.running === undefined && clock.holding) this.schedule(simulationId, clock);
      return;
    }
    // The first tick comes one period after play, as a metronome's first beat after the start.
    const fresh: Clock = {
      speed: options.speed,
      ticksPerSecond: options.ticksPerSecond,
      rate,
      origin: now,
      done: 0,
      timer: undefined,
      running: undefined,
      inFlight: undefined,
      stopped: false,
      leased: Promise.resolve(true),
      holding: true,
    };
    this.clocks.set(simulationId, fresh);
    if (this.options.leases === undefined) {
      // Alone on its database: the clock starts at once.
      this.schedule(simulationId, fresh);
      return;
    }
    fresh.holding = false;
    fresh.leased = this.leases.acquire(simulationId, options.payer).catch((error: unknown) => {
      this.options.logger?.error('playback: could not take the lease', { simulationId, error: String(error) });
      return false;
    });
    const started = fresh.leased.then((won) => {
      // Stopped meanwhile: stop() gives the lease up once it is decided.
      if (fresh.stopped) return;
      if (!won) {
        // Another process advances it; a new speed reaches that clock through storage.
        this.halt(simulationId);
        return;
      }
      fresh.holding = true;
      fresh.origin = this.scheduler.now();
      this.schedule(simulationId, fresh);
    });
    inBackground(started, this.options.logger, 'playback: could not start the clock', { simulationId });
  }

  /**
   * Stops the clock and cancels the advance in flight: a pause answers without waiting for a
   * batch of ticks (docs/api.md, "Events", "Playback"). Shutdown and stop let it commit.
   */
  pause(simulationId: string): void {
    this.clocks.get(simulationId)?.inFlight?.abort();
    this.stop(simulationId);
  }

  stop(simulationId: string): void {
    const clock = this.halt(simulationId);
    // Released once the lease is decided (a clock stopped while acquiring releases it then).
    if (clock !== undefined)
      inBackground(
        clock.leased.then((won) => (won ? this.release(simulationId) : undefined)),
        this.options.logger,
        'playback: could not give the lease up',
        { simulationId },
      );
  }

  /** Stops the clock here and keeps the lease as it is; returns the clock stopped. */
  private halt(simulationId: string): Clock | undefined {
    const clock = this.clocks.get(simulationId);
    if (clock === undefined) return undefined;
    clock.stopped = true;
    this.scheduler.clearTimeout(clock.timer);
    this.clocks.delete(simulationId);
    return clock;
  }

  private async release(simulationId: string): Promise<void> {
    try {
      await this.leases.release(simulationId);
    } catch (error) {
      // It expires on its own; another process then takes the simulation over.
      this.options.logger?.warn('playback: could not give the lease up', { simulationId, error: String(error) });
    }
  }

  /**
   * Stops every clock and waits for advances in flight; then either gives the leases up so
   * another process goes on (handOver), or pauses what was playing (state saved).
   */
  async close(): Promise<void> {
    this.closed = true;
    this.stopLosing();
    const playing = [...this.clocks.entries()];
    for (const [id] of playing) this.halt(id);
    await Promise.all(playing.map(([, clock]) => clock.running));
    const held = (await Promise.all(playing.map(async ([id, clock]) => ((await clock.leased) ? id : undefined)))).filter(
      (id): id is string => id !== undefined,
    );
    if (this.options.handOver === true) {
      await Promise.all(held.map((id) => this.release(id)));
      return;
    }
    for (const id of held) {
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
    const most = Math.max(1, Math.floor(clock.rate * this.maxLagSeconds));
    if (due > most) {
      // More than maxLagSeconds of ticks behind: the older debt is forgotten (the phase is kept)
      // and the engine computes a second of ticks at a time, as fast as it can. Catching up
      // instead would compute, and hold in memory with every tick's step for the live streams,
      // an ever larger batch while the engine is already too slow.
      clock.done += due - most;
      due = most;
    }
    if (due > 0) {
      const batch = Math.min(due, this.maxBatch);
      let result: PlaybackProgress;
      const inFlight = new AbortController();
      clock.inFlight = inFlight;
      try {
        result = await this.target.advancePlayback(simulationId, batch, inFlight.signal);
      } catch (error) {
        // Cancelled by a pause or stop: nothing was stored, the clock is already gone.
        if (inFlight.signal.aborted) return;
        // Not active any more (completed by a step request, failed), or storage trouble.
        this.options.logger?.warn('playback stopped', { simulationId, error: String(error) });
        if (this.clocks.get(simulationId) === clock) this.stop(simulationId);
        return;
      } finally {
        clock.inFlight = undefined;
      }
      clock.done += batch;
      if (result.status !== 'playing') {
        if (this.clocks.get(simulationId) === clock) this.stop(simulationId);
        return;
      }
      if ((result.ticksPerSecond !== clock.ticksPerSecond && result.ticksPerSecond > 0) || (result.speed !== clock.speed && result.speed > 0)) {
        // A set-rule decree changed rules.ticksPerSecond, or a play on another process the
        // speed: the clock follows from now on.
        clock.ticksPerSecond = result.ticksPerSecond;
        clock.speed = result.speed;
        this.retime(clock, result.ticksPerSecond * result.speed, this.scheduler.now());
      }
    }
    if (!clock.stopped) this.schedule(simulationId, clock);
  }
}

/** The PlaybackControllerFactory for AppDeps.playback. */
export function playbackClock(options: PlaybackClockOptions = {}): PlaybackControllerFactory {
  return (target) => new PlaybackClock(target, options);
}
