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
import { EngineTaskCancelled, type EngineRunner } from './engine-runner.js';
import type { Checkpoint } from '../engine-data/checkpoint.js';
import { advanceBudget, advanceObserver, advanceResult, checkpointIfDue, measure, runEngineTask, startOfAdvance } from './run-engine-task.js';

/** Longest stretch of engine work, in milliseconds, before other requests get a turn. */
export const SLICE_MS = 25;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw new EngineTaskCancelled();
}

/**
 * The engine on this thread, handing the event loop back every SLICE_MS. For tests and tools
 * that run no pool; a server uses the worker pool, since a single tick of a heavy scenario
 * (large prophecy ensembles) cannot be sliced and would hold every request behind it.
 */
export function createInProcessRunner(now: () => number = () => performance.now()): EngineRunner {
  let busy = 0;
  const tracked = async <T>(work: () => Promise<T>): Promise<T> => {
    busy++;
    try {
      return await work();
    } finally {
      busy--;
    }
  };
  return {
    get busy() {
      return busy;
    },
    advance: (task: AdvanceTask, signal?: AbortSignal): Promise<AdvanceResult> =>
      tracked(async () => {
        throwIfAborted(signal);
        const spent = advanceBudget(task, now);
        const simulation = startOfAdvance(task.from);
        const gathered = advanceObserver(task);
        const checkpoints: Checkpoint[] = [];
        let done = 0;
        let ended = false;
        while (done < task.ticks && !simulation.completed && !ended) {
          const sliceEnd = now() + SLICE_MS;
          do {
            done += simulation.step(1, gathered.observer);
            gathered.endTick(simulation, done);
            checkpointIfDue(simulation, task.checkpointEvery, checkpoints);
            ended = spent(gathered);
          } while (done < task.ticks && !simulation.completed && !ended && now() < sliceEnd);
          if (done < task.ticks && !simulation.completed && !ended) {
            await nextTurn();
            throwIfAborted(signal);
          }
        }
        return advanceResult(task, simulation, done, gathered, checkpoints);
      }),
    replay: (task: ReplayTask, signal?: AbortSignal): Promise<ReplayResult> =>
      tracked(async () => {
        await nextTurn();
        throwIfAborted(signal);
        return runEngineTask({ ...task, budgetMs: Math.min(task.budgetMs, SLICE_MS) }, now) as ReplayResult;
      }),
    // A run is not sliced: tests and tools run small ones; the server computes them on its workers.
    measure: (task: MeasureTask, signal?: AbortSignal): Promise<MeasureResult> =>
      tracked(async () => {
        await nextTurn();
        throwIfAborted(signal);
        return measure(task);
      }),
    // One unsliceable piece each (build or restore a world): after a turn of the event loop, as a worker's answer would come.
    create: (task: CreateTask, signal?: AbortSignal): Promise<CreateResult> =>
      tracked(async () => {
        await nextTurn();
        throwIfAborted(signal);
        return runEngineTask(task) as CreateResult;
      }),
    queue: (task: QueueTask, signal?: AbortSignal): Promise<QueueResult> =>
      tracked(async () => {
        await nextTurn();
        throwIfAborted(signal);
        return runEngineTask(task) as QueueResult;
      }),
    translate: (task: TranslateTask, signal?: AbortSignal): Promise<TranslateResult> =>
      tracked(async () => {
        await nextTurn();
        throwIfAborted(signal);
        return runEngineTask(task) as TranslateResult;
      }),
    async close() {},
  };
}
