// The worker thread's module: piscina calls its default export with each task. A thin adapter:
// all the work is @sim/engine's, run by runEngineTask; nothing here keeps state between tasks.
import type { EngineTask, EngineTaskResult } from './engine-task.js';
import { runEngineTask } from './run-engine-task.js';

export default function engineWorker(task: EngineTask): EngineTaskResult {
  return runEngineTask(task);
}
