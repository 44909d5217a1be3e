import { isEngineTaskCancelled } from '../engine-work/engine-runner.js';
import { ApiError } from '../lib/api-error.js';
import { COLLECT_AFTER_LINE_BYTES, collectYoungGeneration } from '../engine-work/young-collection.js';
import { cancelledRun, type RunProgress, type RunStop } from './run-progress.js';
import type { RunChunkLimits, SimulationCommits } from './simulation-commits.js';

/** The first chunk of a streamed run computes about this long, its world's build included: its steps leave soon. */
export const FIRST_CHUNK_MS = 50;
/** Each later chunk may compute twice as long as the one before, up to this: fewer commits and world restores. */
export const LONGEST_CHUNK_MS = 1_000;
/** And hands back at most about this many bytes of lines, so a chunk of a large world stays a few MB in memory. */
export const CHUNK_LINE_BYTES = 8 << 20;

/** The limits of chunk `index` (0: the first) of a streamed run. */
export function chunkLimits(index: number): RunChunkLimits {
  return { budgetMs: Math.min(LONGEST_CHUNK_MS, FIRST_CHUNK_MS * 2 ** index), maxOutput: CHUNK_LINE_BYTES };
}

/** Another request moved the simulation while its run was streaming: its next ticks would not follow the steps sent. */
const simulationChanged = (expected: number, found: number): ApiError =>
  new ApiError(
    409,
    'SIMULATION_CHANGED',
    `Another request advanced the simulation from tick ${expected} to ${found} while its run was streaming; the run stops at tick ${expected}`,
  );

/**
 * A streamed run's body but its last line (docs/api.md, "Run as a stream"): each step's NDJSON
 * line as the engine's thread wrote it, computed and committed chunk by chunk as it is read.
 */
export interface RunLines {
  simulationId: string;
  lines: AsyncGenerator<Uint8Array, void, void>;
  /** Called once when the response's body ends, fails or is cancelled (the run's storage reservation is released). */
  onClose: () => void;
}

export interface RunChunksSource {
  simulationId: string;
  /** The tick the run was asked to reach. */
  target: number;
  progress: RunProgress;
  signal: AbortSignal | undefined;
  /** Called once when the run ends, however it ends (its storage reservation is released). */
  onEnd: () => void;
}

/**
 * The lines of a streamed run (docs/api.md, "Run as a stream"): the first chunk's, then chunk
 * after chunk, each one advance of the stored simulation from the tick the last one committed,
 * committed (through the simulation's lock, as a step is) before its steps are handed on. The
 * next chunk is computed only once the reader has taken the last one's steps, so a slow reader
 * holds one chunk in memory. It never throws: how it ended is told to `progress` (a stop is
 * written as the body's last line), and a reader that stops reading leaves the simulation at
 * the last tick committed, active.
 */
export async function* runChunks(
  commits: SimulationCommits,
  source: RunChunksSource,
  /** The first chunk, already committed with the simulation. Its `stepLines` are emptied once they are handed on. */
  first: { stepLines: Uint8Array[]; completed: boolean },
): AsyncGenerator<Uint8Array, void, void> {
  const { simulationId, target, progress, signal } = source;
  let lines = first.stepLines;
  let completed = first.completed;
  try {
    for (let index = 1; ; index++) {
      let bytes = 0;
      for (const line of lines) {
        bytes += line.length;
        yield line;
      }
      // Handed on: emptied in place, so that no holder of this array (the first chunk's caller,
      // the last outcome) keeps the chunk's segments while the next one computes.
      lines.length = 0;
      if (completed || progress.tick >= target) break;
      const from = progress.tick;
      const computed = commits.mutate(simulationId, async (current) => {
        if (current.tick !== from) throw simulationChanged(from, current.tick);
        return commits.advance(current, target - from, current.status, undefined, signal, chunkLimits(index));
      });
      // Once the next chunk is asked for, so that the collection runs while it computes.
      if (bytes >= COLLECT_AFTER_LINE_BYTES) setImmediate(collectYoungGeneration);
      const outcome = await computed;
      progress.tick = outcome.tick;
      completed = outcome.completed;
      lines = outcome.stepLines;
    }
    progress.finish();
  } catch (error) {
    progress.stopped(stopOf(error, progress.tick, commits, simulationId));
  } finally {
    source.onEnd();
  }
}

/** What a chunk's error tells the reader: cancelled, an API error (the engine failed: 500's), or anything else as INTERNAL_ERROR. */
function stopOf(error: unknown, tick: number, commits: SimulationCommits, simulationId: string): RunStop {
  if (isEngineTaskCancelled(error)) return cancelledRun(tick);
  if (error instanceof ApiError) return { code: error.code, message: error.message, tick };
  commits.deps.logger.error('a streamed run stopped', { simulationId, tick, error: String((error as Error)?.stack ?? error) });
  return { code: 'INTERNAL_ERROR', message: 'Internal server error', tick };
}
