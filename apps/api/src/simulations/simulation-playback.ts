import { EngineTaskCancelled } from '../engine-work/engine-runner.js';
import { ApiError } from '../lib/api-error.js';
import { type StorageReservation } from '../storage-budget/storage-budget.js';
import { type PlaybackPayer } from '../work-budget/playback-payers.js';
import { type WorkRequest } from '../work-budget/work-budget.js';
import { peakTickEstimate, playbackCostPerSecond } from '../engine-data/work-cost.js';
import { type PlaybackProgress, type PlaybackTarget } from './playback-controller.js';
import { SimulationCommits } from './simulation-commits.js';
import { type RunnableSimulation } from './simulation-store.js';

export type TimeControlAction = 'play' | 'pause' | 'step';

/** The reason of the `simulation:status` event of a playback paused because its payer's compute window ran out. */
export const COMPUTE_LIMIT_REASON = 'compute-limit';
/** The reason of the `simulation:status` event of a playback paused because its organization's storage quota is full. */
export const STORAGE_LIMIT_REASON = 'storage-limit';

/**
 * Playback: PUT time-control (play, pause, one step), the clock's advances charged to the
 * identity that pressed play, a pause for shutdown, and at start the recovery of playback a
 * previous process left (paused on one process, adopted when several share the database).
 */
export class SimulationPlayback implements PlaybackTarget {
  constructor(private readonly commits: SimulationCommits) {}

  async timeControl(request: WorkRequest, id: string, action: TimeControlAction, speed: number | undefined): Promise<void> {
    await this.commits.authorize(request.auth, id);
    // A pause stops the clock before it waits for the simulation's lock: the advance in flight
    // is cancelled (its ticks are not stored; the next play computes them again, the same), so
    // the pause waits for no batch of ticks (docs/api.md, "Events", "Playback").
    if (action === 'pause') this.commits.playback.pause(id);
    await this.commits.mutate(id, async (current) => {
      const playbackSpeed = speed ?? current.playbackSpeed;
      if (action === 'step') {
        await this.commits.work.admit(request, this.commits.estimateStep(current, 1));
        const reservation = await this.commits.storage.admit(request.auth, current.organizationId, this.commits.estimateStoredAdvance(current, 1));
        try {
          // Stepping takes the simulation out of playback first, as a media player's frame step
          // does: paused (its event at the tick it stood at), then the one tick, computed paused.
          let stepped: RunnableSimulation = current;
          if (current.status === 'playing') {
            this.commits.stopPlayback(id, 'pause');
            await this.commits.setStatus(current, 'paused', { playbackSpeed });
            stepped = await this.commits.reread(id);
          }
          await this.commits.advance(stepped, 1, stepped.status, playbackSpeed, request.signal);
        } finally {
          reservation.release();
        }
        return;
      }
      if (action === 'pause') {
        await this.commits.setStatus(current, 'paused', { playbackSpeed });
        this.commits.stopPlayback(id, 'pause');
        return;
      }
      // As the engine reported them with the stored snapshot: the event loop does not parse it.
      const { shape, ticksPerSecond: rate } = this.commits.weightOf(current);
      const ticksPerSecond = rate * playbackSpeed;
      const { identity, tier = 'free' } = request.auth;
      const costPerSecond = playbackCostPerSecond(shape, ticksPerSecond);
      // A play while playing re-times this simulation: its own old rate is not counted twice.
      this.commits.work.admitPlayback(request, {
        costPerSecond,
        ticksPerSecond,
        peakTickCost: peakTickEstimate(shape),
        others: this.commits.payers.othersOf(identity, id),
      });
      // Weighed for its first minute: playback is refused once the organization's storage is full.
      // A check only: playback stores as it plays, long after this request (docs/api.md, "Storage budget").
      (
        await this.commits.storage.admit(
          request.auth,
          current.organizationId,
          this.commits.estimateStored(shape, current.state.attractors.length, Math.ceil(ticksPerSecond * 60)),
        )
      ).release();
      await this.commits.setStatus(current, 'playing', { playbackSpeed });
      const payer = { identity, tier, costPerSecond };
      this.commits.payers.set(id, payer);
      this.commits.playback.play(id, { speed: playbackSpeed, ticksPerSecond: rate, payer });
    });
  }

  async advancePlayback(simulationId: string, ticks: number, signal?: AbortSignal): Promise<PlaybackProgress> {
    return this.commits.mutate(simulationId, async (current) => {
      // Paused while this advance waited for the lock: nothing is charged, nothing computed.
      if (signal?.aborted === true) throw new EngineTaskCancelled();
      const speed = current.playbackSpeed;
      if (current.status !== 'playing') {
        const { ticksPerSecond } = this.commits.weightOf(current);
        this.commits.payers.delete(simulationId);
        this.commits.weights.forget(simulationId);
        return { ticks: 0, status: current.status, ticksPerSecond, speed };
      }
      const payer = this.commits.payers.get(simulationId);
      // A simulation adopted from another process that recorded no payer is weighed for neither:
      // there is no tier to weigh its bytes at and no window to draw its work from.
      if (payer === undefined) return this.advanceDue(current, ticks, signal);
      // The bytes the ticks due will store are weighed before anything is charged or computed, as
      // a step's are, and reserved until they are committed: play checked only its first minute,
      // and playback stores for as long as it plays (docs/api.md, "Storage budget").
      const reservation = await this.admitStored(payer, current, ticks);
      if (reservation === undefined) return this.pauseFor(current, STORAGE_LIMIT_REASON);
      try {
        // The ticks due are drawn from the payer's compute window before they are computed; when
        // it has not that much left, playback pauses and says why (the clock stops on `paused`).
        if (!(await this.commits.work.chargePlayback(payer, this.commits.estimateAdvance(current, ticks)))) return this.pauseFor(current, COMPUTE_LIMIT_REASON);
        return await this.advanceDue(current, ticks, signal);
      } finally {
        reservation.release();
      }
    });
  }

  /** Computes and commits the ticks due, still playing. */
  private async advanceDue(current: RunnableSimulation, ticks: number, signal: AbortSignal | undefined): Promise<PlaybackProgress> {
    const result = await this.commits.advance(current, ticks, 'playing', undefined, signal);
    // A set-rule decree may have changed the rate, another process the speed; the clock follows.
    return { ticks: result.ticks, status: result.state.status, ticksPerSecond: result.ticksPerSecond, speed: current.playbackSpeed };
  }

  /** The reservation of the bytes `ticks` more ticks store, or undefined when the organization's quota has not room for them. */
  private async admitStored(payer: PlaybackPayer, current: RunnableSimulation, ticks: number): Promise<StorageReservation | undefined> {
    try {
      return await this.commits.storage.admit({ tier: payer.tier }, current.organizationId, this.commits.estimateStoredAdvance(current, ticks));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'STORAGE_LIMIT_EXCEEDED') return undefined;
      throw error;
    }
  }

  /** Playback stops on its own, nothing computed: `paused`, with a status event saying why. */
  private async pauseFor(current: RunnableSimulation, reason: string): Promise<PlaybackProgress> {
    const { ticksPerSecond } = this.commits.weightOf(current);
    await this.commits.setStatus(current, 'paused', { reason });
    this.commits.payers.delete(current.id);
    this.commits.weights.forget(current.id);
    return { ticks: 0, status: 'paused', ticksPerSecond, speed: current.playbackSpeed };
  }

  /** Server shutdown: a playing simulation becomes paused, saying why in its status event. */
  async haltPlayback(simulationId: string, reason: string): Promise<void> {
    await this.commits.locked(simulationId, async () => {
      const current = await this.commits.deps.store.get(simulationId);
      this.commits.payers.delete(simulationId);
      this.commits.weights.forget(simulationId);
      if (current?.status !== 'playing') return;
      await this.commits.setStatus(current, 'paused', { reason });
    });
  }

  /**
   * At start: a simulation stored as `playing` lost its clock when the previous process died
   * without shutting down (SIGKILL, power loss). It resumes as paused, and a
   * `simulation:status` event with reason `restart` says so. Returns the ids it paused.
   */
  async recoverInterruptedPlayback(): Promise<string[]> {
    const ids = await this.commits.deps.store.listIdsByStatus('playing');
    for (const id of ids) await this.haltPlayback(id, 'restart');
    return ids;
  }

  /**
   * Several processes on one database: a simulation still playing whose lease expired (its
   * process died) or was handed over (its process stopped) goes on playing here, paid by the
   * same identity. Another process may win the lease first; then its clock runs, not ours.
   */
  async adoptOrphanedPlayback(): Promise<string[]> {
    const orphans = (await this.commits.deps.leases?.orphans()) ?? [];
    const adopted: string[] = [];
    for (const { simulationId, payer } of orphans) {
      await this.commits.locked(simulationId, async () => {
        const current = await this.commits.deps.store.getRunnable(simulationId);
        if (current?.status !== 'playing') return;
        if (payer !== undefined) this.commits.payers.set(simulationId, payer);
        this.commits.playback.play(simulationId, { speed: current.playbackSpeed, ticksPerSecond: this.commits.weightOf(current).ticksPerSecond, payer });
        adopted.push(simulationId);
      });
    }
    return adopted;
  }

  async close(): Promise<void> {
    await this.commits.playback.close();
  }
}
