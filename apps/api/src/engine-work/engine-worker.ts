// The worker thread's module: piscina calls its default export with each task. A thin adapter:
// all the work is @sim/engine's, run by runEngineTask. Its state between tasks: the helper
// threads that run prophecy branches (docs/operations.md, "Prophecy threads"), started with the
// warm-up or the first task and kept for the worker's life, and the worlds it stepped last (WarmWorlds).
import { parentPort, workerData } from 'node:worker_threads';
import type { BranchRunner } from '@sim/engine';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { segmentsOf } from '../engine-data/step-lines.js';
import type { EngineTask, EngineTaskResult } from './engine-task.js';
import { warmUpEngine, type WarmedUp } from './engine-warm-up.js';
import { createThreadedBranchRunner } from './prophecy-threads/threaded-branch-runner.js';
import { runEngineTask } from './run-engine-task.js';
import { TERMINATION_GUARD, underTerminationGuard } from './termination-guard.js';
import { WarmWorlds } from './warm-worlds.js';

/** What the pool gives each worker (piscina's `workerData`). */
export interface EngineWorkerData {
  /** Threads for one prophecy's branches, this one included; 1: every branch here. */
  prophecyThreads: number;
  /** Compile the engine's hot code before the first task (warmUpEngine); a server's workers do. */
  warmUp?: boolean;
}

let branchRunner: BranchRunner | undefined;
let started = false;

function branchRunnerOfWorker(): BranchRunner | undefined {
  if (!started) {
    started = true;
    const threads = (workerData as Partial<EngineWorkerData> | null)?.prophecyThreads ?? 1;
    if (threads > 1) branchRunner = createThreadedBranchRunner({ threads });
  }
  return branchRunner;
}

// Before piscina hands this worker its first task (it loads the module before it takes any);
// the pool hears when it is done, and a server listens once every worker is (main.ts).
if ((workerData as Partial<EngineWorkerData> | null)?.warmUp === true) {
  const started = performance.now();
  let failed: string | undefined;
  try {
    warmUpEngine({ branchRunner: branchRunnerOfWorker() });
  } catch (error) {
    // A worker that could not warm up still works, only its first task is slower.
    failed = error instanceof Error ? error.message : String(error);
  }
  parentPort?.postMessage({ kind: 'engine-warmed-up', ms: performance.now() - started, ...(failed === undefined ? {} : { failed }) } satisfies WarmedUp);
}

/** The worlds this worker stepped last, taken again when the next step sends their snapshot (docs/operations.md, "Warm worlds"). */
const warm = new WarmWorlds();

export default function engineWorker(task: EngineTask & { [TERMINATION_GUARD]?: SharedArrayBuffer }): EngineTaskResult | ReturnType<typeof move> {
  const result = underTerminationGuard(task[TERMINATION_GUARD], () => runEngineTask(task, undefined, { branchRunner: branchRunnerOfWorker() }, warm));
  const lines = result.kind === 'advanced' ? result.stepLines : result.kind === 'replayed' ? result.steps.filter(isLine) : [];
  if (lines.length === 0) return result;
  // A streamed run's or a trace's lines (megabytes for a large world) are moved to the event loop, not copied.
  return move({ [transferableSymbol]: segmentsOf(lines), [valueSymbol]: result });
}

const isLine = (step: unknown): step is Uint8Array => step instanceof Uint8Array;
