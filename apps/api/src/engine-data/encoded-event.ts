import type { EngineEvent } from '@sim/engine';

/**
 * An engine event as the JSON text it is stored as, written on the engine's thread. An advance
 * of thousands of ticks of a world that prophesies every tick reports thousands of nested
 * prophecies; handed over as objects, their structured clone alone held the event loop for a
 * tenth of a second or more, and the loop only stores them as text.
 */
export interface EncodedEngineEvent {
  readonly type: EngineEvent['type'];
  readonly tick: number;
  /** `JSON.stringify(event.data)`. */
  readonly dataJson: string;
  /** A prophecy event's own row: its number and `JSON.stringify(event.data.data)`. */
  readonly prophecy?: { readonly seq: number; readonly dataJson: string };
}

export function encodeEvent(event: EngineEvent): EncodedEngineEvent {
  const encoded = { type: event.type, tick: event.data.tick, dataJson: JSON.stringify(event.data) };
  if (event.type !== 'prophecy') return encoded;
  return { ...encoded, prophecy: { seq: event.data.seq, dataJson: JSON.stringify(event.data.data) } };
}
