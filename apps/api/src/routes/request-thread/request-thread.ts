import { Piscina } from 'piscina';
import type { DatabaseConfig } from '../../lib/database-config.js';
import { ApiError } from '../../lib/api-error.js';
import type { JsonBodyChecker, JsonBodyOutcome } from '../../lib/off-loop-json.js';
import { workerModule } from '../../engine-work/worker-module.js';
import type { ExperimentOutput, ExperimentOutputs } from './experiment-output.js';
import type { CanonicalBody, RequestThreadTask } from './request-thread-worker.js';

/** How long the thread stays up without a task: started again by the next (about 0.1 s, bundled). */
const IDLE_MS = 30_000;
/** Tasks waiting for the thread (long bodies: up to 64 MiB of text); past it: 503 ENGINE_BUSY. */
const MAX_WAITING = 64;
const BUSY_RETRY_SECONDS = 1;

/** 503 ENGINE_BUSY: MAX_WAITING tasks (long bodies, result exports) wait for the thread already. */
function threadBusy(): ApiError {
  return new ApiError(
    503,
    'ENGINE_BUSY',
    `The server has ${MAX_WAITING} requests waiting for the thread that reads long bodies and experiment results, the most it holds; retry in ${BUSY_RETRY_SECONDS} s`,
    // No Retry-After header: the interface sends it on 429 only, so the wait is a field.
    { limit: MAX_WAITING, retryAfter: BUSY_RETRY_SECONDS },
  );
}

export interface RequestThread {
  /** A long JSON body checked against its route's schema (lib/off-loop-json.ts). */
  check: JsonBodyChecker;
  /** An Idempotency-Key's reading of a long body (idempotency/canonical-json.ts's parseBody). */
  canonical(text: string): Promise<CanonicalBody>;
  /**
   * An experiment's results (`json`) or their export, read from the database by the thread
   * itself; undefined when the experiment is gone. Absent for a database only this thread
   * cannot open (SQLite in memory).
   */
  experimentOutput?: ExperimentOutputs | undefined;
  close(): Promise<void>;
}

/**
 * One thread, started by the first task and ended after IDLE_MS without one, for what requests
 * ask that is not engine work but would hold the event loop: long JSON bodies and experiment
 * results (request-thread-worker.ts). A server that never gets such a request never starts it.
 */
export function createRequestThread(database?: DatabaseConfig): RequestThread {
  let pool: Piscina<RequestThreadTask, unknown> | undefined;
  const run = (task: RequestThreadTask): Promise<unknown> => {
    if ((pool?.queueSize ?? 0) >= MAX_WAITING) throw threadBusy();
    pool ??= new Piscina<RequestThreadTask, unknown>({
      ...workerModule(import.meta.url, 'request-thread-worker'),
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: IDLE_MS,
      maxQueue: MAX_WAITING,
    });
    return pool.run(task);
  };
  const readable = database !== undefined && !(database.kind === 'sqlite' && database.path === ':memory:');
  return {
    check: async (operationId, text) => (await run({ operationId, text })) as JsonBodyOutcome,
    canonical: async (text) => (await run({ canonical: true, text })) as CanonicalBody,
    experimentOutput: readable
      ? async (experimentId, format) => (await run({ experimentOutput: { database, experimentId, format } })) as ExperimentOutput
      : undefined,
    async close() {
      await pool?.destroy();
      pool = undefined;
    },
  };
}
