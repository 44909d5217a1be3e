import { describe, expect, it } from 'vitest';
import type { EngineRunner } from '../../src/engine-work/engine-runner.js';
import type { ReplayTask } from '../../src/engine-work/engine-task.js';
import { createInProcessRunner } from '../../src/engine-work/in-process-runner.js';
import { FIRST_STRETCH_MS, STRETCH_MS, replayHistory } from '../../src/engine-work/replay-history.js';
import { tinyValleyEveryTick } from '../helpers/tiny-valley.js';

/** A real runner that records every replay task it is given. */
function taskRecorder(inner: EngineRunner): EngineRunner & { tasks: ReplayTask[] } {
  const runner = Object.create(inner) as EngineRunner & { tasks: ReplayTask[] };
  runner.tasks = [];
  runner.replay = (task, signal) => {
    runner.tasks.push(task);
    return inner.replay(task, signal);
  };
  return runner;
}

/**
 * A reader waits for the whole first stretch before its first byte, so the first stretch of a
 * replay asks the worker for FIRST_STRETCH_MS of work, and only the later ones for STRETCH_MS
 * (docs/operations.md, "Trace reads").
 */
describe('the first stretch of a replay', () => {
  it('asks for a shorter time on the worker than the stretches after it, and the steps still all come', async () => {
    expect(FIRST_STRETCH_MS).toBeLessThan(STRETCH_MS);
    const runner = taskRecorder(createInProcessRunner());
    const source = { scenario: tinyValleyEveryTick(), engineVersion: '1.2.0', inputs: [], untilTick: 600, format: 'lines' as const };
    let steps = 0;
    for await (const stretch of replayHistory(runner, source)) steps += stretch.steps.length;
    expect(steps).toBe(600);
    expect(runner.tasks.length).toBeGreaterThan(1);
    expect(runner.tasks[0]?.budgetMs).toBe(FIRST_STRETCH_MS);
    for (const later of runner.tasks.slice(1)) expect(later.budgetMs).toBe(STRETCH_MS);
  }, 60_000);
});
