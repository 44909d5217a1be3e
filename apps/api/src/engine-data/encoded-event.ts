import type { EngineEvent } from '@sim/engine';

/**
 * An engine event as the JSON text it is stored as, written on the engine's thread. An advance
 * of thousands of ticks of a world that prophesies every tick reports thousands of nested
 * prophecies; handed over as objects, their structured clone alone held the event loop for a
 * tenth of a second or more, and the loop only stores them as text.
 */
export type EncodedEngineEvent =
  | {
      readonly type: EngineEvent['type'];
      readonly tick: number;
      /** `JSON.stringify(event.data)`. */
      readonly dataJson: string;
    }
  | {
      readonly type: 'prophecy';
      readonly tick: number;
      /**
       * The prophecy row: its number and `JSON.stringify(event.data.data)`. The event's own text
       * (`{"seq":…,"tick":…,"data":…}`) is put together from it (eventJsonOf): a prophecy's text
       * crosses to the event loop once, not twice.
       */
      readonly prophecy: { readonly seq: number; readonly dataJson: string };
    };

/** Whether `data` is exactly `{ seq, tick, data }` in that order, as every engine version issues a prophecy. */
function isIssuedProphecy(data: object): boolean {
  const keys = Object.keys(data);
  return keys.length === 3 && keys[0] === 'seq' && keys[1] === 'tick' && keys[2] === 'data';
}

export function encodeEvent(event: EngineEvent): EncodedEngineEvent {
  if (event.type === 'prophecy' && isIssuedProphecy(event.data) && Number.isSafeInteger(event.data.seq) && Number.isSafeInteger(event.data.tick)) {
    return { type: 'prophecy', tick: event.data.tick, prophecy: { seq: event.data.seq, dataJson: JSON.stringify(event.data.data) } };
  }
  return { type: event.type, tick: event.data.tick, dataJson: JSON.stringify(event.data) };
}

/** The event's stored text: `JSON.stringify(event.data)`, byte for byte. */
export function eventJsonOf(event: EncodedEngineEvent): string {
  if ('dataJson' in event) return event.dataJson;
  return `{"seq":${event.prophecy.seq},"tick":${event.tick},"data":${event.prophecy.dataJson}}`;
}
