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

/**
 * The bytes of a message. A Buffer rather than a plain Uint8Array: a socket takes it as is,
 * where it wraps every Uint8Array written in a Buffer first (once per frame and subscriber).
 */
const utf8 = (text: string): Uint8Array => Buffer.from(text, 'utf8');

/** `id: <id>\nevent: <name>\ndata: <json>\n\n`; JSON.stringify never emits a line break. */
export function eventFrame(id: number | undefined, name: SseEventName, data: unknown, terminal = false): SseFrame {
  return { id, name, bytes: utf8(`${frameHead(id, name)}${JSON.stringify(data)}\n\n`), terminal };
}

/** The same from the JSON in pieces, some of them already UTF-8 (a large part copied once, never decoded). */
export function eventFrameFromParts(id: number | undefined, name: SseEventName, json: readonly (string | Uint8Array)[], terminal = false): SseFrame {
  const parts = [frameHead(id, name), ...json, '\n\n'].map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : part));
  return { id, name, bytes: Buffer.concat(parts), terminal };
}

const frameHead = (id: number | undefined, name: SseEventName): string => `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: `;

/** docs/api.md, "Wire format": no id, `event: heartbeat` and an empty `data:` line (clients drop a message without one). */
export const HEARTBEAT_FRAME: SseFrame = { id: undefined, name: 'heartbeat', bytes: utf8('event: heartbeat\ndata:\n\n'), terminal: false };

/** The reconnection delay, sent once at the start of every stream. */
export function retryFrame(retryMs: number): SseFrame {
  return { id: undefined, name: 'retry', bytes: utf8(`retry: ${retryMs}\n\n`), terminal: false };
}
