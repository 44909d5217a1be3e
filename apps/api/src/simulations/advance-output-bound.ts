import { ApiError } from '../lib/api-error.js';
import { prophecyBytes } from '../storage-budget/storage-cost.js';

/**
 * The most prophecy text one advance of a stored simulation may hand back to the event loop. A
 * step's prophecies cross from the engine's worker in one message, which the loop cannot take in
 * slices, and are held (and written) at once: 10 000 prophecies of 64 attractors, 190 MB, held
 * the loop for a second and the process at 800 MB
 * (docs/operations.md, "SQLite and the event loop"). 32 MiB, estimated as the storage budget
 * does (an upper bound), leaves a step of any pre-built scenario its 10 000 ticks.
 */
export const MAX_ADVANCE_PROPHECY_BYTES = 32 * 1024 * 1024;

/** What decides the prophecy text of some ticks. */
export interface AdvanceOutputShape {
  /** Ticks between prophecies; 0: none. */
  interval: number;
  attractors: number;
}

/** The most ticks one advance of this shape may compute (Infinity without prophecies). */
export function maxAdvanceTicks(shape: AdvanceOutputShape): number {
  if (shape.interval <= 0) return Number.POSITIVE_INFINITY;
  return Math.max(1, Math.floor(MAX_ADVANCE_PROPHECY_BYTES / prophecyBytes(shape.attractors))) * shape.interval;
}

/**
 * 422 WORK_LIMIT_EXCEEDED: one step would hand back more prophecy text than MAX_ADVANCE_PROPHECY_BYTES.
 * Nothing ran; fewer ticks a step pass.
 */
export function advanceTooLargeError(shape: AdvanceOutputShape, ticks: number): ApiError {
  const maxTicks = maxAdvanceTicks(shape);
  const cost = Math.ceil(ticks / shape.interval) * prophecyBytes(shape.attractors);
  return new ApiError(
    422,
    'WORK_LIMIT_EXCEEDED',
    `A step of ${ticks} ticks of this simulation would hand back about ${Math.ceil(cost / 1_048_576)} MiB of prophecies (one every ${shape.interval} ticks, of ${shape.attractors} attractors); ` +
      `one step may carry ${MAX_ADVANCE_PROPHECY_BYTES / 1_048_576} MiB: step at most ${maxTicks} ticks at a time`,
    { cost, ceiling: MAX_ADVANCE_PROPHECY_BYTES, unit: 'bytes', maxTicks },
  );
}
