import type { TraceStep } from '@sim/engine';
import type { ReplayTask } from './engine-task.js';
import type { EngineRunner } from './engine-runner.js';
import { replayHistory, type ReplaySource } from './replay-history.js';

/**
 * The steps of a replay (see replayHistory) pulled one tick at a time, from the tick after
 * `source.start` (or tick 1) to `untilTick`; nothing is computed when the start is already there.
 */
export async function* replayStretches<F extends ReplayTask['format']>(
  runner: EngineRunner,
  source: ReplaySource,
  format: F,
  signal?: AbortSignal,
): AsyncGenerator<ReplayedStep<F> | null, void, void> {
  if ((source.start?.tick ?? 0) >= source.untilTick) return;
  for await (const result of replayHistory(runner, { ...source, format }, signal)) {
    for (const step of result.steps) yield step as ReplayedStep<F> | null;
    // Handed on: emptied in place, so that the finished stretch (megabytes of a large world's
    // lines) is not kept while the next one computes.
    result.steps.length = 0;
  }
}

/** What a replay of `format` builds of each step (see ReplayTask's format). */
type ReplayedStep<F extends ReplayTask['format']> = F extends 'lines' ? Uint8Array : TraceStep;
