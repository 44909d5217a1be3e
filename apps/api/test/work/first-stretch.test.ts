import type { ScenarioInput } from '@sim/engine';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { EngineRunner } from '../../src/engine-work/engine-runner.js';
import type { ReplayTask } from '../../src/engine-work/engine-task.js';
import { createInProcessRunner } from '../../src/engine-work/in-process-runner.js';
import { FIRST_STRETCH_MS, STRETCH_MS, replayHistory } from '../../src/engine-work/replay-history.js';

/**
 * A reader waits for the whole first stretch before its first byte, so the first stretch of a
 * replay asks the worker for FIRST_STRETCH_MS of work, and only the later ones for STRETCH_MS
 * (docs/operations.md, "Trace reads").
 */
const scenario = (): ScenarioInput => {
  const file = JSON.parse(readFileSync(new URL('../helpers/fixtures/scenarios/tiny-valley.json', import.meta.url), 'utf8')) as Record<string, unknown> & {
    rules: Record<string, unknown>;
  };
  const { id: _id, label: _label, tags: _tags, note: _note, ...base } = file;
  // A prophecy every tick, so that a stretch takes more than a tick's worth of time.
  return { ...base, rules: { ...file.rules, prophecyInterval: 1 } } as unknown as ScenarioInput;
};

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

describe('the first stretch of a replay', () => {
  it('asks for a shorter time on the worker than the stretches after it, and the steps still all come', async () => {
    expect(FIRST_STRETCH_MS).toBeLessThan(STRETCH_MS);
    const runner = taskRecorder(createInProcessRunner());
    const source = { scenario: scenario(), engineVersion: '1.2.0', inputs: [], untilTick: 600, format: 'lines' as const };
    let steps = 0;
    for await (const stretch of replayHistory(runner, source)) steps += stretch.steps.length;
    expect(steps).toBe(600);
    expect(runner.tasks.length).toBeGreaterThan(1);
    expect(runner.tasks[0]?.budgetMs).toBe(FIRST_STRETCH_MS);
    for (const later of runner.tasks.slice(1)) expect(later.budgetMs).toBe(STRETCH_MS);
  }, 60_000);
});
