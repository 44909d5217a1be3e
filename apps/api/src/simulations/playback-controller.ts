import type { PlaybackPayer } from '../work-budget/playback-payers.js';

/** Where a playing simulation stands after an advance: the clock follows its rate and speed. */
export interface PlaybackProgress {
  ticks: number;
  status: string;
  ticksPerSecond: number;
  /** The stored playback speed (another process may have re-timed it). */
  speed: number;
}

/** What the playback clock may do to a simulation; implemented by SimulationService. */
export interface PlaybackTarget {
  /**
   * Advances a playing simulation by `ticks` through the same serialized path as a step
   * request. Returns the ticks advanced and the status after them; a simulation that is no
   * longer `playing` is left alone (0 ticks). `signal` aborts it while it waits for the
   * simulation's lock or computes (a pause): nothing is then stored.
   */
  advancePlayback(simulationId: string, ticks: number, signal?: AbortSignal): Promise<PlaybackProgress>;
  /** Pauses a playing simulation for the server (shutdown), with `reason` in its status event. */
  haltPlayback(simulationId: string, reason: string): Promise<void>;
}

/**
 * The server-side clock behind PUT time-control. The service calls it after the status change
 * has committed; the implementation (SSE/playback feature) drives `PlaybackTarget`.
 */
export interface PlaybackController {
  /** Starts or re-times the clock at `ticksPerSecond × speed`; `payer` is recorded with its lease. */
  play(simulationId: string, options: { speed: number; ticksPerSecond: number; payer?: PlaybackPayer | undefined }): void;
  /** Stops the clock; the status is already `paused`. */
  pause(simulationId: string): void;
  /** Stops the clock for good: the simulation completed or failed. */
  stop(simulationId: string): void;
  /** Stops every clock (shutdown). */
  close(): Promise<void>;
}

/** Builds the controller once the service exists (the two refer to each other). */
export type PlaybackControllerFactory = (target: PlaybackTarget) => PlaybackController;

/** Accepts play/pause and does nothing: the status changes, no clock runs. */
export const noopPlaybackController: PlaybackControllerFactory = () => ({
  play() {},
  pause() {},
  stop() {},
  async close() {},
});
