/**
 * The `packed` agent encoding of a tick event (docs/api.md, "Events", "The packed encoding"),
 * and its decoder. This module imports nothing and uses only what browsers and Node share
 * (atob, DataView), so a typed client can reuse it as it is.
 */

/** `data.packed` of a tick event streamed with `encoding=packed`. */
export interface PackedAgents {
  /** Quantized to unsigned 16-bit integers: x = X / scale. */
  format: 'q16';
  /** Agents in this tick (in the trace's order). */
  count: number;
  /** Units per grid cell of the quantized coordinates (256: a precision of 1/512 cell). */
  scale: number;
  /** FNV-1a (32 bits, hex) of the ids joined by "\n": names the list of ids the columns follow. */
  roster: string;
  /** The ids, on a key frame; null when they are those of the last frame received (same roster). */
  ids: string[] | null;
  /** Base64 of count × 2 little-endian uint16: x0, y0, x1, y1, … */
  xy: string;
  /** Base64 of count little-endian unsigned integers of `basinBytes` bytes: the index of the agent's basin in `state.attractors`, all ones (255 or 65535) for none. */
  basin: string;
  basinBytes: 1 | 2;
}

/** One agent as the packed encoding carries it: id, position (quantized) and basin. */
export interface PackedAgent {
  id: string;
  x: number;
  y: number;
  basin: string | null;
}

function bytesOf(base64: string): DataView {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return new DataView(bytes.buffer);
}

/**
 * Decodes the agents of one packed tick. `ids` are the packed ids when present, else those of
 * the last frame whose roster matched; `attractorIds` are `state.attractors` of the same tick,
 * in order.
 */
export function decodePackedAgents(packed: PackedAgents, ids: readonly string[], attractorIds: readonly string[]): PackedAgent[] {
  if (ids.length !== packed.count) throw new Error(`packed tick: ${packed.count} agents but ${ids.length} ids`);
  const xy = bytesOf(packed.xy);
  const basin = bytesOf(packed.basin);
  const none = packed.basinBytes === 1 ? 0xff : 0xffff;
  const agents: PackedAgent[] = [];
  for (let i = 0; i < packed.count; i++) {
    const b = packed.basinBytes === 1 ? basin.getUint8(i) : basin.getUint16(i * 2, true);
    agents.push({
      id: ids[i] as string,
      x: xy.getUint16(i * 4, true) / packed.scale,
      y: xy.getUint16(i * 4 + 2, true) / packed.scale,
      basin: b === none ? null : (attractorIds[b] ?? null),
    });
  }
  return agents;
}

/**
 * Follows one stream's packed ticks: keeps the ids of the last key frame, so frames without ids
 * decode too. Throws when a frame names a roster it has not seen (only possible when ticks were
 * lost outside the stream's rules: reconnect with Last-Event-ID, whose first tick is a key frame).
 *
 * @example
 * const decoder = new PackedTickDecoder();
 * source.addEventListener('tick', (e) => {
 *   const tick = JSON.parse(e.data);
 *   const agents = decoder.decode(tick.packed, tick.state.attractors.map((a) => a.id));
 * });
 */
export class PackedTickDecoder {
  private roster: string | undefined;
  private ids: readonly string[] = [];

  decode(packed: PackedAgents, attractorIds: readonly string[]): PackedAgent[] {
    if (packed.ids !== null) {
      this.ids = packed.ids;
      this.roster = packed.roster;
    } else if (packed.roster !== this.roster) {
      throw new Error(`packed tick: roster ${packed.roster} unknown (last key frame had ${this.roster ?? 'none'})`);
    }
    return decodePackedAgents(packed, this.ids, attractorIds);
  }
}
