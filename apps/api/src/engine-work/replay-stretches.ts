import type { ScenarioInput, ScheduledInput, TraceStep } from '@sim/engine';
import type { Checkpoint } from '../storage/simulation-store.js';
import type { EngineRunner } from './engine-runner.js';
import type { ReplayTask } from './engine-task.js';

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
  /** A stored checkpoint to start from instead of tick 0; the first tick yielded is the one after it. */
  start?: Checkpoint | undefined;
}

/**
 * A replay from tick 0 (or from `source.start`, a checkpoint: then the first entry is the tick
 * after it) to `untilTick`, computed in stretches on the runner and pulled one tick at
 * a time: the next stretch is asked only when the caller has taken the last one's steps, so a
 * slow reader holds one stretch in memory and a reader that stops (or an aborted `signal`) ends
 * the work between two stretches (or at once, on a worker).
 */
export async function* replayStretches<F extends ReplayTask['format']>(
  runner: EngineRunner,
  source: ReplaySource,
  format: F,
  signal?: AbortSignal,
): AsyncGenerator<(F extends 'json' ? string : TraceStep) | null, void, void> {
  let from: ReplayTask['from'] = source.start === undefined ? { scenario: source.scenario, engineVersion: source.engineVersion } : { checkpoint: source.start.bytes };
  let tick = source.start?.tick ?? 0;
  while (tick < source.untilTick) {
    const at = tick;
    const result = await runner.replay(
      {
        kind: 'replay',
        from,
        inputs: source.inputs.filter((input) => input.tick > at),
        untilTick: source.untilTick,
        stepsFromTick: source.stepsFromTick ?? 1,
        format,
        budgetMs: STRETCH_MS,
        maxOutput: format === 'json' ? STRETCH_JSON_CHARS : STRETCH_OBJECTS,
      },
      signal,
    );
    for (const step of result.steps) yield step as (F extends 'json' ? string : TraceStep) | null;
    if (result.ended || result.tick <= tick) return;
    tick = result.tick;
    from = { snapshot: result.snapshot };
  }
}
