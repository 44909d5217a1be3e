import { checkpointInterval } from '../engine-work/checkpoint-interval.js';

/**
 * Bytes a prophecy stores, twice (its row and its event), by attractor count: measured on the
 * repository's scenarios at about 600 + 540 per attractor (2 attractors: 1.5 KB, 9: 5.4 KB),
 * rounded up (docs/api.md, "Storage budget").
 */
export const PROPHECY_BASE_BYTES = 700;
export const PROPHECY_BYTES_PER_ATTRACTOR = 600;
/** The bytes of one copy of a prophecy's text, at most, for `attractors` (PROPHECY_BASE_BYTES and PROPHECY_BYTES_PER_ATTRACTOR). */
export const prophecyBytes = (attractors: number): number => PROPHECY_BASE_BYTES + PROPHECY_BYTES_PER_ATTRACTOR * attractors;
/** A checkpoint (deflated snapshot) by agent count: about half its JSON (4 KB + 130 B an agent). */
export const CHECKPOINT_BASE_BYTES = 2_000;
export const CHECKPOINT_BYTES_PER_AGENT = 70;
/** Losses, paradoxes, warnings and decrees: rare; a small allowance a tick. */
export const EVENT_BYTES_PER_TICK = 16;

/** What the stored bytes of some ticks depend on. */
export interface StorageShape {
  agents: number;
  attractors: number;
  /** Ticks between prophecies; 0: none. */
  prophecyInterval: number;
  /** Ticks between checkpoints (the server's setting, or the world's default). */
  checkpointEvery?: number | undefined;
}

/** Bytes `ticks` ticks of a world of this shape are expected to store: events, prophecies, checkpoints. */
export function estimateStoredBytes(shape: StorageShape, ticks: number): number {
  if (ticks <= 0) return 0;
  const prophecies = shape.prophecyInterval > 0 ? Math.ceil(ticks / shape.prophecyInterval) : 0;
  const every = checkpointInterval(shape.agents, shape.checkpointEvery);
  const checkpoints = Math.ceil(ticks / every);
  return Math.ceil(
    prophecies * 2 * prophecyBytes(shape.attractors) +
      checkpoints * (CHECKPOINT_BASE_BYTES + CHECKPOINT_BYTES_PER_AGENT * shape.agents) +
      ticks * EVENT_BYTES_PER_TICK,
  );
}
