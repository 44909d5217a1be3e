import { decodeCheckpoint } from '../../src/engine-work/checkpoint-codec.js';
import type { EngineRunner } from '../../src/engine-work/engine-runner.js';
import type { ReplayTask } from '../../src/engine-work/engine-task.js';
import { createInProcessRunner } from '../../src/engine-work/in-process-runner.js';
import { unlimitedWorkBudget, type WorkBudget } from '../../src/work-budget/work-budget.js';
import type { WorkEstimate } from '../../src/engine-data/work-cost.js';

/** The in-process engine, keeping every replay task it is given (where each stretch started). */
export function recordingRunner(): EngineRunner & { replays: ReplayTask[] } {
  const inner = createInProcessRunner();
  const replays: ReplayTask[] = [];
  return {
    replays,
    get busy() {
      return inner.busy;
    },
    advance: (task, signal) => inner.advance(task, signal),
    create: (task, signal) => inner.create(task, signal),
    queue: (task, signal) => inner.queue(task, signal),
    replay: (task, signal) => {
      replays.push(task);
      return inner.replay(task, signal);
    },
    measure: (task, signal) => inner.measure(task, signal),
    translate: (task, signal) => inner.translate(task, signal),
    close: () => inner.close(),
  };
}

/** A work budget that admits everything and keeps what it was asked to admit. */
export function recordingBudget(): WorkBudget & { admitted: Array<{ estimate: WorkEstimate; history: boolean }> } {
  const admitted: Array<{ estimate: WorkEstimate; history: boolean }> = [];
  return {
    ...unlimitedWorkBudget,
    admitted,
    async admit(_request, estimate, options = {}) {
      admitted.push({ estimate, history: options.history === true });
    },
  };
}

/** Where the first stretch of a replay started: a checkpoint's tick, or 0 for the scenario. */
export function startTick(task: ReplayTask | undefined): number | undefined {
  if (task === undefined) return undefined;
  if ('scenario' in task.from) return 0;
  return (('checkpoint' in task.from ? decodeCheckpoint(task.from.checkpoint) : JSON.parse(task.from.snapshot.json)) as { tick: number }).tick;
}
