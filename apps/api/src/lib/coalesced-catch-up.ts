/** Where a follower's catch-up stands: the one under way, and whether another was asked for meanwhile. */
export interface CatchUpState {
  running: Promise<void> | undefined;
  again: boolean;
}

export interface CatchUpOptions {
  /** One round: brings the follower up to what is stored now. */
  work: () => Promise<void>;
  /** False once the follower is gone (nobody listens any more): no further round starts. */
  current: () => boolean;
  onError: (error: unknown) => void;
  /** Asks again after a failure, `retryMs` later. */
  retry: () => void;
  retryMs: number;
}

/**
 * One catch-up at a time per follower, coalesced: asked while a round runs, it goes round once
 * more when that round ends, however often it was asked. A failed round is reported and asked
 * again `retryMs` later. The followers of the shared event bus and of the shared experiment
 * feed catch up so from the database after every announcement.
 */
export function coalescedCatchUp(state: CatchUpState, options: CatchUpOptions): void {
  state.again = true;
  if (state.running !== undefined) return;
  state.running = (async () => {
    try {
      while (state.again && options.current()) {
        state.again = false;
        await options.work();
      }
    } catch (error) {
      options.onError(error);
      setTimeout(options.retry, options.retryMs).unref();
    } finally {
      state.running = undefined;
    }
  })();
}
