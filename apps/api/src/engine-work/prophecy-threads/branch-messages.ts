import type { BranchJob, BranchOutcome, BranchWorldData } from '@sim/engine';

/**
 * The words between an engine worker and its prophecy helper threads
 * (docs/engine.md, "Branches on several threads"; docs/operations.md, "Prophecy threads").
 *
 * `control` is shared memory, fresh for every batch (a helper that wakes late can touch only
 * its own batch's): entry 0 counts the jobs finished by helpers (the engine worker waits on
 * it), entry 1 + j holds who claimed job j (0: nobody yet, else participant + 1; the engine
 * worker is participant 0). A job goes to whoever claims it first, so a slow thread simply
 * claims fewer.
 */
export interface BranchBatchMessage {
  readonly type: 'batch';
  readonly generation: number;
  /** The prophecy's world: a helper rebuilds it once per id (from `world`, sent with a new id). */
  readonly workspaceId: number;
  readonly world: BranchWorldData | null;
  readonly jobs: readonly BranchJob[];
  /** Per job: the participant that keeps the branch's world (it alone claims the job first), or -1. */
  readonly pinned: readonly number[];
  /** The jobs in the order to claim them (longest first). */
  readonly order: readonly number[];
  /** This helper's participant number. */
  readonly participant: number;
  readonly control: SharedArrayBuffer;
}

/** The prophecy is over: the helper lets its world and kept branch worlds go. */
export interface BranchReleaseMessage {
  readonly type: 'release';
}

/** A helper's answer for one job: its outcome, or why it failed (the engine worker then runs it). */
export type BranchResultMessage =
  | { readonly type: 'outcome'; readonly generation: number; readonly job: number; readonly outcome: BranchOutcome }
  | { readonly type: 'failed'; readonly generation: number; readonly job: number; readonly message: string };

/** Index of the finished-jobs counter in a batch's `control`, and of job j's claim. */
export const DONE = 0;
export const claimOf = (job: number): number => 1 + job;
