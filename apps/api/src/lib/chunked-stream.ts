import { mediaTypeFor } from './content-negotiation.js';

/** Bytes gathered before a chunk is handed to the socket: few syscalls, bounded memory. */
const CHUNK_BYTES = 64 * 1024;

/**
 * A byte stream pulled from a lazy sequence of strings (computed here or awaited from a worker).
 * Nothing is computed until the client reads, so a trace of any length streams with flat memory
 * (backpressure reaches the generator).
 */
export function streamStrings(source: Iterator<string> | AsyncIterator<string>, onClose?: () => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let closed = false;
  const finish = (): void => {
    if (closed) return;
    closed = true;
    onClose?.();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let buffered = '';
      try {
        while (buffered.length < CHUNK_BYTES) {
          const next = await source.next();
          if (next.done === true) {
            if (buffered !== '') controller.enqueue(encoder.encode(buffered));
            controller.close();
            finish();
            return;
          }
          buffered += next.value;
        }
      } catch (error) {
        finish();
        controller.error(error);
        return;
      }
      controller.enqueue(encoder.encode(buffered));
    },
    async cancel() {
      finish();
      await source.return?.(undefined);
    },
  });
}

export const NDJSON = 'application/x-ndjson';

/** What a trace answers in: JSON by default, NDJSON on request (docs/api.md, "Content negotiation"). */
export const TRACE_MEDIA_TYPES = ['application/json', NDJSON] as const;

/** True when the caller's Accept prefers NDJSON to JSON (q-values honoured; see chooseMediaType). */
export function wantsNdjson(accept: string | undefined): boolean {
  return mediaTypeFor(accept, TRACE_MEDIA_TYPES) === NDJSON;
}
