import type { components } from './generated/openapi.js';

/**
 * The `packed` agent encoding of a tick event (`encoding=packed` on the event stream: positions
 * quantized to 16 bits and basins as indexes, in base64 columns; ids only on key frames), and
 * its decoder. It uses only what browsers and Node share (atob, DataView).
 */
export type PackedAgents = components['schemas']['PackedAgents'];

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
