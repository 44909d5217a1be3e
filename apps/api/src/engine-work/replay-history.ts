import type { EngineSnapshot, ScenarioInput, ScheduledInput } from '@sim/engine';
import type { Checkpoint } from '../engine-data/checkpoint.js';
import type { EngineRunner } from './engine-runner.js';
import type { ReplayResult, ReplayTask } from './engine-task.js';

/** A stretch's time on a worker before it hands its steps back, in milliseconds. */
export const STRETCH_MS = 50;
/** And its output at most: about 1 MiB of JSON, or 16 step objects. */
export const STRETCH_JSON_CHARS = 1 << 20;
export const STRETCH_OBJECTS = 16;

export interface ReplaySource {
  scenario: ScenarioInput;
  engineVersion: string;
  inputs: readonly ScheduledInput[];
  untilTick: number;
  /** Ticks below it yield null (their steps are not built). Default 1: every step. */
  stepsFromTick?: number;
  /**
   * Where to start instead of tick 0: a stored checkpoint, or the snapshot a previous replay of
   * the same history ended at. The first tick yielded is the one after it.
   */
  start?: Checkpoint | ReplayEnd | undefined;
}

/** The engine where a replay stopped: a later replay of the same history goes on from it. */
export interface ReplayEnd {
  tick: number;
  snapshot: EngineSnapshot;
}

export interface HistoryReplay extends ReplaySource {
  format: ReplayTask['format'];
  /** Also hand back the engine's events of every tick computed. */
  keepEvents?: boolean;
}

/**
 * A replay from tick 0 (or from `source.start`, a checkpoint) to `untilTick` as its stretches,
 * computed on the runner: each stretch's result whole (steps, events when asked, and the
 * snapshot it ended at). The next stretch is asked only when the caller has taken the last, so
 * a slow reader holds one stretch in memory and a reader that stops (or an aborted `signal`)
 * ends the work between two stretches (or at once, on a worker). At least one stretch is asked
 * even when there is nothing to compute, so the last result always holds the snapshot at
 * `untilTick` (a fork starts from it).
 */
export async function* replayHistory(runner: EngineRunner, source: HistoryReplay, signal?: AbortSignal): AsyncGenerator<ReplayResult, void, void> {
  const start = source.start;
  let from: ReplayTask['from'] =
    start === undefined
      ? { scenario: source.scenario, engineVersion: source.engineVersion }
      : 'bytes' in start
        ? { checkpoint: start.bytes }
        : { snapshot: start.snapshot };
  let tick = source.start?.tick ?? 0;
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
        ...(source.keepEvents === true ? { keepEvents: true } : {}),
      },
      signal,
    );
    yield result;
    if (result.ended || result.tick >= source.untilTick || result.tick <= tick) return;
    tick = result.tick;
    from = { snapshot: result.snapshot };
  }
}
