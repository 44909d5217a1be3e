import type {
  AdvanceResult,
  AdvanceTask,
  CreateResult,
  CreateTask,
  MeasureResult,
  MeasureTask,
  QueueResult,
  QueueTask,
  ReplayResult,
  ReplayTask,
  TranslateResult,
  TranslateTask,
} from './engine-task.js';

/**
 * Where the engine computes: a pool of worker threads in the server (the event loop only
 * routes, authenticates, stores and streams), or this thread in small slices (tests, tools).
 * Both give the same results, byte for byte.
 */
export interface EngineRunner {
  /** Resumes a snapshot and computes its ticks. Rejects with EngineTaskCancelled when `signal` aborts first. */
  advance(task: AdvanceTask, signal?: AbortSignal): Promise<AdvanceResult>;
  /** One stretch of a replay; see ReplayTask. */
  replay(task: ReplayTask, signal?: AbortSignal): Promise<ReplayResult>;
  /** One run of an experiment; see MeasureTask. */
  measure(task: MeasureTask, signal?: AbortSignal): Promise<MeasureResult>;
  /** Builds a simulation at tick 0; see CreateTask. */
  create(task: CreateTask, signal?: AbortSignal): Promise<CreateResult>;
  /** Checks and queues inputs on a stored snapshot; see QueueTask. */
  queue(task: QueueTask, signal?: AbortSignal): Promise<QueueResult>;
  /** Translates a domain input into a scenario; see TranslateTask. */
  translate(task: TranslateTask, signal?: AbortSignal): Promise<TranslateResult>;
  /** Tasks started and not yet settled (running or queued). */
  readonly busy: number;
  /** Stops taking work; running tasks are ended. */
  close(): Promise<void>;
}

/**
 * The caller went away (or the server is stopping) before the task finished: nothing it
 * computed is kept. Not an engine failure: the simulation stays as it was.
 */
export class EngineTaskCancelled extends Error {
  constructor() {
    super('The engine task was cancelled');
    this.name = 'EngineTaskCancelled';
  }
}

export const isEngineTaskCancelled = (error: unknown): error is EngineTaskCancelled => error instanceof EngineTaskCancelled;
