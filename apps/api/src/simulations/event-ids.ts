import type { StoredEventType } from './simulation-store.js';

/**
 * SSE ids: one integer per simulation, the message's position in the simulation's history.
 *
 * The history interleaves stored events (numbered by `seq`, 1, 2, …) with tick events (not
 * stored; tick t is the t-th). Sorted by (tick, phase, seq) where phase is 0 for events the
 * engine reports while computing tick t, 1 for tick t itself and 2 for what happens after it
 * (status changes, failure), the id is the count of messages up to and including this one:
 *
 * - stored event `seq` at tick t, phase 0: `seq + t − 1` (ticks 1 … t−1 precede it);
 * - tick t: `t + s`, where s is the seq of the last stored event before it;
 * - stored event `seq` at tick t, phase 2: `seq + t`.
 *
 * Both parts come from storage and the deterministic replay, so an id names one position for
 * the whole life of the simulation and Last-Event-ID resumes exactly after it.
 */
export function storedEventId(seq: number, tick: number, type: StoredEventType): number {
  return seq + tick - (afterTick(type) ? 0 : 1);
}

export function tickEventId(tick: number, lastSeqBefore: number): number {
  return tick + lastSeqBefore;
}

/** Status changes and failures happen after the tick they name (phase 2). */
export function afterTick(type: StoredEventType): boolean {
  return type === 'simulation:status' || type === 'error';
}

/** Parses a Last-Event-ID value: a non-negative safe integer, or undefined when malformed. */
export function parseEventId(value: string): number | undefined {
  if (!/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
