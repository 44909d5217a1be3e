/**
 * A cancelled task's worker is ended (worker.terminate: a tick cannot be interrupted otherwise),
 * and Node 20 aborts the whole process when a thread ends between the creation of a zlib handle
 * and its initialisation: `deflateRawSync` and `inflateRawSync` run JavaScript in that gap, and
 * the handle's cleanup then fails `init_done_ && "close before init"`
 * (docs/operations.md, "A cancelled task's worker"). A checkpoint's codec makes such a handle at
 * every checkpoint, so a client that hangs up at the wrong moment would take the server down.
 *
 * The guard is one word of shared memory per task. The worker holds it around each zlib call
 * (`outsideTermination`); the pool, before it ends the worker of a cancelled task, marks the
 * word ending and waits until the worker is out of its call (`TerminationGuard.close`). From the
 * mark on the worker enters no zlib call: the task throws `TaskEnding` there instead. A zlib
 * call takes a few milliseconds at most, so the cancellation waits no longer than that.
 */

/** The word's bits: the worker is in a guarded call; the pool is ending the worker. */
const IN_CALL = 1;
const ENDING = 2;

/** A task's field that carries its guard to the worker. */
export const TERMINATION_GUARD = 'terminationGuard';

/** The pool's side: one per task that may be cancelled while it runs. */
export class TerminationGuard {
  readonly buffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  private readonly word = new Int32Array(this.buffer);

  /**
   * Resolves once the worker is in no guarded call and will enter none: it may be ended then.
   * The mark comes first, so a worker that makes calls back to back cannot keep it waiting.
   */
  async close(): Promise<void> {
    Atomics.or(this.word, 0, ENDING);
    while ((Atomics.load(this.word, 0) & IN_CALL) !== 0) await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** TaskEnding's message, by which the pool knows it: an error copied across threads keeps its message, not its class or name. */
const TASK_ENDING = 'the task is being cancelled (its worker is being ended)';

/** Thrown in the worker at a guarded call once its task is being ended. */
export class TaskEnding extends Error {
  override readonly name = 'TaskEnding';
  constructor() {
    super(TASK_ENDING);
  }
}

/** Whether `error` is a TaskEnding, or its copy from a worker. */
export const isTaskEnding = (error: unknown): boolean => error instanceof Error && error.message === TASK_ENDING;

/** The guard of the task this thread runs now, if its pool gave one. */
let current: Int32Array | undefined;

/** Runs a task under the guard its pool sent (none: calls are not guarded, as in a thread never ended). */
export function underTerminationGuard<T>(buffer: SharedArrayBuffer | undefined, task: () => T): T {
  current = buffer === undefined ? undefined : new Int32Array(buffer);
  try {
    return task();
  } finally {
    current = undefined;
  }
}

/** Runs `call` (one that makes a native handle, such as zlib's) where the pool will not end this thread. */
export function outsideTermination<T>(call: () => T): T {
  const word = current;
  if (word === undefined) return call();
  if ((Atomics.or(word, 0, IN_CALL) & ENDING) !== 0) {
    Atomics.and(word, 0, ~IN_CALL);
    throw new TaskEnding();
  }
  try {
    return call();
  } finally {
    Atomics.and(word, 0, ~IN_CALL);
  }
}
