import { validationError } from '../lib/api-error.js';

/** Which ticks of the trace to read; every field left out: the whole trace. */
export interface TraceWindow {
  fromTick?: number | undefined;
  toTick?: number | undefined;
  limit?: number | undefined;
}

/** The ticks a trace page holds, and where the next one starts (null: this is the last). */
export interface TracePage {
  fromTick: number;
  toTick: number;
  limit: number;
  nextCursor: number | null;
}

/**
 * Ticks per trace page: when a page is asked for without `limit`, and at most. The interface
 * bounds every `limit` query parameter so (1 to 200, default 50), a trace's as a list's.
 */
export const TRACE_PAGE_DEFAULT = 50;
export const TRACE_PAGE_MAX = 200;

/**
 * The page `window` asks for, checked against the current tick; undefined when it asks for
 * none (the whole trace). `toTick` beyond the current tick reads up to the current tick.
 */
export function tracePage(window: TraceWindow, currentTick: number): TracePage | undefined {
  if (window.fromTick === undefined && window.toTick === undefined && window.limit === undefined) return undefined;
  const fromTick = window.fromTick ?? 1;
  const lastTick = Math.min(window.toTick ?? currentTick, currentTick);
  if (window.toTick !== undefined && fromTick > window.toTick)
    throw validationError([{ path: 'fromTick', message: `fromTick (${fromTick}) is after toTick (${window.toTick})` }]);
  if (fromTick > currentTick) throw validationError([{ path: 'fromTick', message: `fromTick (${fromTick}) is beyond the current tick (${currentTick})` }]);
  const limit = window.limit ?? TRACE_PAGE_DEFAULT;
  const toTick = Math.min(lastTick, fromTick + limit - 1);
  return { fromTick, toTick, limit, nextCursor: toTick < lastTick ? toTick + 1 : null };
}
