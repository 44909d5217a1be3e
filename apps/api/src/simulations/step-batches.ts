import type { EngineState } from '@sim/engine';
import { EngineTaskCancelled } from '../engine-work/engine-runner.js';
import { conflict } from '../lib/api-error.js';
import type { StorageReservation } from '../storage-budget/storage-budget.js';
import type { WorkRequest } from '../work-budget/work-budget.js';
import { MAX_TICKS_PER_REQUEST } from './max-ticks-per-request.js';
import type { SimulationCommits } from './simulation-commits.js';
import type { RunnableSimulation } from './simulation-store.js';
import { stateView, type SimulationState } from './simulation-view.js';
import { advanceTooLargeError, maxAdvanceTicks } from './advance-output-bound.js';
import { currentEffectKeys, withEffectKeys, type EffectKey } from '../idempotency/effect-keys.js';

export interface StepResult {
  state: SimulationState;
  ticks: number;
}

interface Member {
  readonly request: WorkRequest;
  readonly ticks: number;
  /** Its request's Idempotency-Key reservation, if any: the batch's commit marks it (effect-keys.ts). */
  readonly keys: readonly EffectKey[];
  /** Answered already (refused by its budget, or done): a retried batch leaves it out. */
  settled: boolean;
  resolve(result: StepResult): void;
  reject(error: unknown): void;
}

interface Batch {
  readonly id: string;
  readonly members: Member[];
  /** Ticks its members ask for, together. */
  ticks: number;
  /** The simulation's queuedSequence once this batch was queued: a step joins only while it stands. */
  sequence: number;
}

/**
 * Steps of one simulation that wait for its lock together are computed as one advance and
 * committed in one transaction (docs/api.md, "Concurrent steps"). A step joins the batch waiting
 * for the lock when nothing else was queued for the simulation since that batch was: it then
 * runs exactly where it would have run alone, right after the steps before it, and no change
 * queued earlier is overtaken; nor does a step that would take the batch past what one request
 * may ask (MAX_TICKS_PER_REQUEST). Each step is admitted against its own caller's budgets and
 * answers with the state after its own ticks. A step whose client left before the batch starts
 * is cancelled alone; once the batch computes, it stops only when every member has gone.
 * Results, events and the stored history are those of the same steps one after another; only
 * the commits are fewer (one snapshot written for the batch). A batch waits in `#waiting` until
 * it starts: only a waiting batch takes a step in.
 */
export class StepBatches {
  readonly #waiting = new Map<string, Batch>();

  constructor(private readonly commits: SimulationCommits) {}

  /** `keys`: the caller's reservations (its own request's unless a step deferred from a batch carries them on). */
  step(request: WorkRequest, id: string, ticks: number, keys: readonly EffectKey[] = currentEffectKeys()): Promise<StepResult> {
    const open = this.#waiting.get(id);
    if (open !== undefined && open.sequence === this.commits.queuedSequence(id) && open.ticks + ticks <= MAX_TICKS_PER_REQUEST)
      return this.#join(open, request, ticks, keys);
    const batch: Batch = { id, members: [], ticks: 0, sequence: 0 };
    const joined = this.#join(batch, request, ticks, keys);
    const done = this.commits.mutate(id, (current) => this.#run(batch, current));
    batch.sequence = this.commits.queuedSequence(id);
    this.#waiting.set(id, batch);
    done.then(
      () => this.#leave(batch),
      (error: unknown) => {
        this.#leave(batch);
        // Refused before it ran (not found, not active) or failed as a whole: every member still waiting says so.
        for (const member of batch.members) if (!member.settled) member.reject(error);
      },
    );
    return joined;
  }

  #join(batch: Batch, request: WorkRequest, ticks: number, keys: readonly EffectKey[]): Promise<StepResult> {
    batch.ticks += ticks;
    return new Promise<StepResult>((resolve, reject) => {
      const member: Member = {
        request,
        ticks,
        keys,
        settled: false,
        resolve: (result) => {
          member.settled = true;
          resolve(result);
        },
        reject: (error) => {
          member.settled = true;
          reject(error);
        },
      };
      batch.members.push(member);
    });
  }

  #leave(batch: Batch): void {
    if (this.#waiting.get(batch.id) === batch) this.#waiting.delete(batch.id);
  }

  async #run(batch: Batch, current: RunnableSimulation): Promise<void> {
    this.#leave(batch);
    const admitted: Array<{ member: Member; reservation: StorageReservation }> = [];
    // One advance hands its prophecies back in one message: bounded (advance-output-bound.ts).
    const output = { interval: this.commits.weightOf(current).shape.interval, attractors: current.state.attractors.length };
    const maxTicks = maxAdvanceTicks(output);
    let planned = 0;
    const deferred: Member[] = [];
    try {
      // A second attempt (another process committed first) admits again those still waiting.
      for (const member of batch.members.filter((m) => !m.settled)) {
        // Its client left while it waited: it is cancelled, as it would be alone.
        if (member.request.signal?.aborted === true) {
          member.reject(new EngineTaskCancelled());
          continue;
        }
        if (member.ticks > maxTicks) {
          member.reject(advanceTooLargeError(output, member.ticks));
          continue;
        }
        // Within its own bound but not beside the steps before it: it runs next, as a batch of its own.
        if (planned + member.ticks > maxTicks) {
          deferred.push(member);
          continue;
        }
        try {
          await this.commits.work.admit(member.request, this.commits.estimateStep(current, member.ticks));
          const reservation = await this.commits.storage.admit(
            member.request.auth,
            current.organizationId,
            this.commits.estimateStoredAdvance(current, member.ticks),
          );
          admitted.push({ member, reservation });
          planned += member.ticks;
        } catch (error) {
          // Over its caller's budget: this step alone is refused, the others go on.
          member.reject(error);
        }
      }
      if (admitted.length === 0) return;
      const marks: number[] = [];
      for (const { member } of admitted) marks.push((marks.at(-1) ?? 0) + member.ticks);
      const signal = whenAllAborted(admitted.map(({ member }) => member.request.signal));
      // A step alone needs no state but the last. The commit marks the key of every step in it,
      // not only of the request whose turn runs the batch.
      const result = await withEffectKeys(
        admitted.flatMap(({ member }) => member.keys),
        () => this.commits.advance(current, marks.at(-1) as number, current.status, undefined, signal, undefined, marks.length > 1 ? marks : undefined),
      );
      admitted.forEach(({ member }, i) => {
        const before = i === 0 ? 0 : (marks[i - 1] as number);
        // The simulation completed in the ticks of a step before: this one finds it completed, as it would alone.
        if (i > 0 && before >= result.ticks) member.reject(conflict('SIMULATION_NOT_ACTIVE', 'The simulation is completed'));
        // A step whose ticks were all computed before the last: the state after them.
        else if ((marks[i] as number) < result.ticks)
          member.resolve({ state: stateView(result.states[i] as EngineState, current.status), ticks: member.ticks });
        // The last step computed (the one it completed in, or the last of the batch): the state the commit stored.
        else member.resolve({ state: result.state, ticks: result.ticks - before });
      });
    } finally {
      for (const { reservation } of admitted) reservation.release();
      for (const member of deferred) {
        // Settled here, so that a retried attempt of this batch leaves it out; it answers from its own batch.
        member.settled = true;
        this.step(member.request, batch.id, member.ticks, member.keys).then(member.resolve, member.reject);
      }
    }
  }
}

/** Aborts once every signal given has aborted (none given: never). */
function whenAllAborted(signals: ReadonlyArray<AbortSignal | undefined>): AbortSignal | undefined {
  const present = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  if (present.length === 0 || present.length < signals.length) return undefined;
  if (present.length === 1) return present[0];
  const controller = new AbortController();
  let left = present.length;
  for (const signal of present) {
    const gone = (): void => {
      if (--left === 0) controller.abort(signal.reason);
    };
    if (signal.aborted) gone();
    else signal.addEventListener('abort', gone, { once: true });
  }
  return controller.signal;
}
