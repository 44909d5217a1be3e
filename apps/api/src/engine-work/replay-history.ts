import type { EngineRunner } from './engine-runner.js';
import type { ReplayResult, ReplayTask } from './engine-task.js';
import { STRETCH_JSON_CHARS, STRETCH_MS, STRETCH_OBJECTS, type ReplaySource } from './replay-stretches.js';

export interface HistoryReplay extends ReplaySource {
  format: ReplayTask['format'];
  /** Also hand back the engine's events of every tick computed. */
  keepEvents: boolean;
}

/**
 * A replay from tick 0 to `untilTick` as its stretches: each stretch's result whole (steps,
 * events and the snapshot it ended at), for callers that need more than the steps (a fork
 * starts from the last snapshot; a compare reads the events). At least one stretch is asked
 * even for `untilTick` 0, so the last result always holds the snapshot at `untilTick`.
 */
export async function* replayHistory(runner: EngineRunner, source: HistoryReplay, signal?: AbortSignal): AsyncGenerator<ReplayResult, void, void> {
  let from: ReplayTask['from'] = { scenario: source.scenario, engineVersion: source.engineVersion };
  let tick = 0;
  for (;;) {
    const at = tick;
    const result = await runner.replay(
      {
        kind: 'replay',
        from,
        inputs: source.inputs.filter((input) => input.tick > at),
        untilTick: source.untilTick,
        stepsFromTick: source.stepsFromTick ?? 1,
        format: source.format,
        budgetMs: STRETCH_MS,
        maxOutput: source.format === 'json' ? STRETCH_JSON_CHARS : STRETCH_OBJECTS,
        keepEvents: source.keepEvents,
      },
      signal,
    );
    yield result;
    if (result.ended || result.tick >= source.untilTick || result.tick <= tick) return;
    tick = result.tick;
    from = { snapshot: result.snapshot };
  }
}
