import type { SseEventName } from './event-payloads.js';

/** One encoded SSE message, shared by every subscriber of a simulation (encoded once). */
export interface SseFrame {
  /** The `id:` field; undefined for messages outside the simulation's history (heartbeat, slow-consumer error). */
  readonly id: number | undefined;
  readonly name: SseEventName | 'retry';
  readonly bytes: Uint8Array;
  /** True for the last message of a simulation that will never change again (completed, failed). */
  readonly terminal: boolean;
}

const encoder = new TextEncoder();

/** `id: <id>\nevent: <name>\ndata: <json>\n\n`; JSON.stringify never emits a line break. */
export function eventFrame(id: number | undefined, name: SseEventName, data: unknown, terminal = false): SseFrame {
  const head = id === undefined ? '' : `id: ${id}\n`;
  return { id, name, bytes: encoder.encode(`${head}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`), terminal };
}

/** docs/api.md, "Wire format": no id, `event: heartbeat` and an empty `data:` line (clients drop a message without one). */
export const HEARTBEAT_FRAME: SseFrame = { id: undefined, name: 'heartbeat', bytes: encoder.encode('event: heartbeat\ndata:\n\n'), terminal: false };

/** The reconnection delay, sent once at the start of every stream. */
export function retryFrame(retryMs: number): SseFrame {
  return { id: undefined, name: 'retry', bytes: encoder.encode(`retry: ${retryMs}\n\n`), terminal: false };
}
