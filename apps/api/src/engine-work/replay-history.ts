import type { ScenarioInput, ScheduledInput } from '@sim/engine';
import type { Checkpoint, SnapshotText } from '../engine-data/checkpoint.js';
import type { EngineRunner } from './engine-runner.js';
import type { ReplayResult, ReplayTask } from './engine-task.js';
import { COLLECT_AFTER_LINE_BYTES, collectYoungGeneration } from './young-collection.js';

/** A stretch's time on a worker before it hands its steps back, in milliseconds. */
export const STRETCH_MS = 50;
/**
 * The first stretch's: its steps are what the reader waits for before the first byte, so it
 * hands them back soon (two steps of crowded-large), and the stretches after it take their
 * STRETCH_MS. It costs one restore more, which stretchRestarts counts.
 */
export const FIRST_STRETCH_MS = 10;
/**
 * And it ends once its output holds this much (the step that reaches it included): 4 MiB of
 * lines (a trace, a compare) or 16 step objects. Every stretch after the first restores the
 * world the last one ended at, which for a large world costs more than its ticks: at 1 MiB of
 * JSON, a trace of crowded-large (three steps a stretch) took twice as long as the run that made
 * it (docs/operations.md, "Trace reads"). A slow reader holds one stretch.
 */
export const STRETCH_LINE_BYTES = 4 << 20;
export const STRETCH_OBJECTS = 16;

/** The output that ends a stretch of `format`: bytes of lines, or steps. */
export function stretchOutput(format: ReplayTask['format']): number {
  return format === 'object' ? STRETCH_OBJECTS : STRETCH_LINE_BYTES;
}

/** The bounds a replay of `format` asks of its stretch `index` (0: the first). */
export function stretchLimits(format: ReplayTask['format'], index: number): Pick<ReplayTask, 'budgetMs' | 'maxOutput'> {
  return { budgetMs: index === 0 ? FIRST_STRETCH_MS : STRETCH_MS, maxOutput: stretchOutput(format) };
}

/**
 * Bytes of one agent in a trace step's JSON: 184 measured in crowded-large (2 400 agents), 205
 * to 218 in worlds of a few dozen, where the step's fixed part weighs more. So a step of
 * crowded-large counts as 460 KB (nine a stretch) and one of 10 000 agents as 1.9 MB (two).
 */
export const STEP_JSON_BYTES_PER_AGENT = 192;

/** The steps a replay builds, as what a stretch hands back (lines or step objects). */
export interface BuiltSteps {
  steps: number;
  /** As the replay builds them (ReplayTask's format), which bounds its stretches (stretchOutput). */
  format: ReplayTask['format'];
}

/**
 * How many stretches a replay of a world of `heads` agents that builds `built` needs beyond its
 * first; every stretch after the first restores the world the previous one ended at. The first
 * may end after one step (FIRST_STRETCH_MS), the others by their output (stretchOutput: a step
 * of 10 000 agents is about 2 MB, so two a stretch). A stretch ends with the step that reaches
 * its bound, so where steps are of the size counted it holds a step more than counted here, and
 * the count errs towards more stretches. The time bound of the later stretches (STRETCH_MS) can
 * end one sooner; it is not counted (docs/api.md, "Cost model: agent-ticks").
 */
export function stretchRestarts(heads: number, built: BuiltSteps | undefined): number {
  if (built === undefined || built.steps <= 1) return 0;
  const bound = stretchOutput(built.format);
  const perStretch = built.format === 'object' ? bound : Math.max(1, Math.floor(bound / (Math.max(1, heads) * STEP_JSON_BYTES_PER_AGENT)));
  return Math.ceil((built.steps - 1) / perStretch);
}

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
  snapshot: SnapshotText;
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
  for (let index = 0; ; index++) {
    const at = tick;
    const result = await runner.replay(
      {
        kind: 'replay',
        from,
        inputs: source.inputs.filter((input) => input.tick > at),
        untilTick: source.untilTick,
        stepsFromTick: source.stepsFromTick ?? 1,
        format: source.format,
        ...stretchLimits(source.format, index),
        ...(source.keepEvents === true ? { keepEvents: true } : {}),
      },
      signal,
    );
    // Counted before it is handed on: a caller may empty the steps once it has taken them.
    const output = outputOf(result);
    yield result;
    // Taken: the stretch's lines died with it. Collected while the next one computes
    // (collectYoungGeneration; docs/operations.md, "Memory").
    if (output >= COLLECT_AFTER_LINE_BYTES) setImmediate(collectYoungGeneration);
    if (result.ended || result.tick >= source.untilTick || result.tick <= tick) return;
    tick = result.tick;
    from = { snapshot: result.snapshot };
  }
}

function outputOf(result: ReplayResult): number {
  let output = 0;
  for (const step of result.steps) if (step instanceof Uint8Array) output += step.length;
  return output;
}
