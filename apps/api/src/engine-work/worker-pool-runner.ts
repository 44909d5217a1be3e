import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type {
  AdvanceResult,
  AdvanceTask,
  CreateResult,
  CreateTask,
  EngineTask,
  EngineTaskResult,
  MeasureResult,
  MeasureTask,
  QueueResult,
  QueueTask,
  ReplayResult,
  ReplayTask,
  TranslateResult,
  TranslateTask,
} from './engine-task.js';
import { EngineTaskCancelled, type EngineRunner } from './engine-runner.js';
import { stickyBalancer, withAffinity } from './sticky-balancer.js';
import type { EngineWorkerData } from './engine-worker.js';
import { isWarmedUp, type WarmedUp } from './engine-warm-up.js';
import { isTaskEnding, TERMINATION_GUARD, TerminationGuard } from './termination-guard.js';
import { workerModule } from './worker-module.js';

/**
 * Worker threads for a machine: one per core but one, which the event loop keeps (routing,
 * storage and streams must stay responsive while every worker computes), and at least one.
 */
export function defaultWorkerCount(cores: number = availableParallelism()): number {
  return Math.max(1, cores - 1);
}

/** How much lower the workers' scheduling priority is than the event loop's. */
const WORKER_NICENESS = 10;

/**
 * The young generation of each worker's heap, in MB (V8's default on 64 bits is 48). A task
 * rebuilds its world and drops it when it returns: crowded-large turns over several MB a tick,
 * most of it alive until the task ends, and with the default the young generation of a worker
 * grew to its full size, 30 to 40 MB of the process's memory more than with 16
 * (docs/operations.md, "Memory"). More of a task's world is then promoted, for a few more
 * collections on a thread whose work is throughput.
 */
const WORKER_YOUNG_GENERATION_MB = 16;

const isAbort = (error: unknown): boolean => error instanceof Error && error.name === 'AbortError';

export interface WorkerPoolOptions {
  /** Threads in the pool; default defaultWorkerCount(). */
  threads?: number;
  /**
   * Threads each worker runs one prophecy's branches on, its own included; default 1 (none
   * started). docs/operations.md, "Prophecy threads".
   */
  prophecyThreads?: number;
  /**
   * Each worker runs a made-up world once as it starts, before its first task, so that the first
   * requests of a fresh server do not wait for the engine's code to compile (warmUpEngine);
   * default false (tests start many pools).
   */
  warmUp?: boolean;
  /**
   * Where a worker's failure outside any task (one that cannot start) is logged, as `engine
   * worker failed`; default stderr. The service's logger fits (declared here by its shape: the
   * worker's modules import no logger).
   */
  logger?: { error(message: string, fields?: Record<string, unknown>): void };
}

/** The pool's engine, and when its first workers have warmed up. */
export interface WorkerPoolRunner extends EngineRunner {
  /**
   * Settles once each of the pool's first workers has warmed up (WorkerPoolOptions.warmUp), with
   * what each reported; at once, with none, when they do not warm up.
   */
  readonly warmedUp: Promise<WarmedUp[]>;
}

/**
 * The server's engine: a piscina pool created once at start and closed at shutdown. A task is
 * cancelled through its AbortSignal: taken off the queue if it waits, and if it runs, its
 * worker is ended (a tick cannot be interrupted otherwise), once out of any zlib call
 * (termination-guard.ts), and the pool starts a fresh one.
 */
export function createWorkerPoolRunner(options: WorkerPoolOptions = {}): WorkerPoolRunner {
  const threads = options.threads ?? defaultWorkerCount();
  if (!Number.isInteger(threads) || threads < 1) throw new Error(`engine workers: expected a positive integer, got ${String(threads)}`);
  const prophecyThreads = options.prophecyThreads ?? 1;
  if (!Number.isInteger(prophecyThreads) || prophecyThreads < 1)
    throw new Error(`prophecy threads: expected a positive integer, got ${String(prophecyThreads)}`);
  const { filename, execArgv } = workerModule(import.meta.url, 'engine-worker');
  const pool = new Piscina<EngineTask, EngineTaskResult>({
    filename,
    execArgv,
    minThreads: threads,
    maxThreads: threads,
    // Every worker stays up: starting one (and loading the engine) costs far more than an idle one.
    idleTimeout: Number.POSITIVE_INFINITY,
    // Engine work is throughput, the event loop is latency: when cores are contended the
    // scheduler serves the event loop first (Linux; piscina's optional @napi-rs/nice).
    niceIncrement: WORKER_NICENESS,
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    workerData: { prophecyThreads, warmUp: options.warmUp === true } satisfies EngineWorkerData,
    // A simulation's steps go to the thread that kept its world (docs/operations.md, "Warm worlds").
    loadBalancer: stickyBalancer(),
  });
  // A worker that fails with no task of its own (one started in place of an ended one that
  // cannot start) is reported here; unheard, piscina's 'error' event would end the process.
  // Tasks given to a worker that fails are refused on their own (a 500 to their request).
  const logger = options.logger ?? { error: (message: string, fields?: Record<string, unknown>) => console.error(message, fields) };
  pool.on('error', (error: unknown) => logger.error('engine worker failed', { error: String(error) }));
  const warmedUp = options.warmUp === true ? reportsOfWarmUp(pool, threads) : Promise.resolve([]);
  let busy = 0;
  /** The guards of the tasks given to the pool and not yet settled. */
  const guards = new Set<TerminationGuard>();
  const run = async (task: EngineTask, signal: AbortSignal | undefined): Promise<EngineTaskResult> => {
    if (signal?.aborted === true) throw new EngineTaskCancelled();
    busy++;
    // piscina ends the worker of a task cancelled while it runs: only once the worker is in no
    // zlib call (termination-guard.ts).
    const guard = new TerminationGuard();
    guards.add(guard);
    const cancel = new AbortController();
    let cancelling = false;
    const cancelled = (): void => {
      cancelling = true;
      const end = (): void => cancel.abort();
      guard.close().then(end, end);
    };
    signal?.addEventListener('abort', cancelled, { once: true });
    try {
      const simulationId = task.kind === 'advance' || task.kind === 'queue' ? task.simulationId : undefined;
      return await pool.run(withAffinity({ ...task, [TERMINATION_GUARD]: guard.buffer }, simulationId), { signal: cancel.signal });
    } catch (error) {
      // A task that reached a guarded call after its cancel, or after the pool began to close,
      // throws TaskEnding there: cancelled too.
      if (isAbort(error) || cancelling || isTaskEnding(error)) throw new EngineTaskCancelled();
      throw error;
    } finally {
      signal?.removeEventListener('abort', cancelled);
      guards.delete(guard);
      busy--;
    }
  };
  return {
    warmedUp,
    get busy() {
      return busy;
    },
    advance: async (task: AdvanceTask, signal?: AbortSignal) => (await run(task, signal)) as AdvanceResult,
    replay: async (task: ReplayTask, signal?: AbortSignal) => (await run(task, signal)) as ReplayResult,
    measure: async (task: MeasureTask, signal?: AbortSignal) => (await run(task, signal)) as MeasureResult,
    create: async (task: CreateTask, signal?: AbortSignal) => (await run(task, signal)) as CreateResult,
    queue: async (task: QueueTask, signal?: AbortSignal) => (await run(task, signal)) as QueueResult,
    translate: async (task: TranslateTask, signal?: AbortSignal) => (await run(task, signal)) as TranslateResult,
    async close() {
      // The pool waits for the tasks running (piscina's closeTimeout), then ends their workers:
      // not inside a zlib call. A task that reaches one from now on ends there, as cancelled.
      await Promise.all([...guards].map((guard) => guard.close()));
      await pool.close({ force: true });
    },
  };
}

/** The first `threads` warm-up reports of the pool's workers (a worker started later to replace one warms up too, unheard). */
function reportsOfWarmUp(pool: Piscina<EngineTask, EngineTaskResult>, threads: number): Promise<WarmedUp[]> {
  return new Promise((resolve) => {
    const reports: WarmedUp[] = [];
    const heard = (message: unknown): void => {
      if (!isWarmedUp(message)) return;
      reports.push(message);
      if (reports.length < threads) return;
      pool.off('message', heard);
      resolve(reports);
    };
    pool.on('message', heard);
  });
}
