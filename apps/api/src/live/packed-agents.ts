import type { AgentColumns } from '../engine-data/compact-step.js';
import type { PackedAgents } from './event-payloads.js';

/** 256 units per cell: a grid side is at most 256 cells (LIMITS.maxGridSide), 256 × 256 − 1 fits 16 bits. */
const SCALE = 256;
const MAX_Q = 0xffff;

const quantize = (v: number): number => Math.min(MAX_Q, Math.max(0, Math.round(v * SCALE)));

/**
 * The packed columns of a tick's agents (those at `indices` in the columns, or all of them);
 * `ids` makes it a key frame. `attractors` is the number of the tick's attractors.
 */
export function packAgents(
  columns: AgentColumns,
  indices: readonly number[] | undefined,
  attractors: number,
  roster: string,
  ids: readonly string[] | null,
): PackedAgents {
  const count = indices === undefined ? columns.ids.length : indices.length;
  const basinBytes = attractors < 0xff ? 1 : 2;
  const none = basinBytes === 1 ? 0xff : 0xffff;
  const xy = Buffer.alloc(count * 4);
  const basin = Buffer.alloc(count * basinBytes);
  for (let i = 0; i < count; i++) {
    const at = indices === undefined ? i : (indices[i] as number);
    xy.writeUInt16LE(quantize(columns.x[at] as number), i * 4);
    xy.writeUInt16LE(quantize(columns.y[at] as number), i * 4 + 2);
    const b = columns.basin[at] as number;
    if (basinBytes === 1) basin.writeUInt8(b < 0 ? none : b, i);
    else basin.writeUInt16LE(b < 0 ? none : b, i * 2);
  }
  return {
    format: 'q16',
    count,
    scale: SCALE,
    roster,
    ids: ids === null ? null : [...ids],
    xy: xy.toString('base64'),
    basin: basin.toString('base64'),
    basinBytes,
  };
}
