import { mediaTypeFor } from './content-negotiation.js';

/** Bytes gathered before a chunk is handed to the socket: few syscalls, bounded memory. */
const CHUNK_BYTES = 64 * 1024;

/** What a source's next value is when it is not ready by the time the event loop has polled for I/O. */
const NOT_READY = Symbol('not ready');
const afterPoll = (): Promise<typeof NOT_READY> => new Promise((resolve) => setImmediate(resolve, NOT_READY));

/**
 * A byte stream pulled from a lazy sequence of strings (computed here or awaited from a worker).
 * Nothing is computed until the client reads, so a trace of any length streams with flat memory
 * (backpressure reaches the generator). Strings are gathered into chunks of CHUNK_BYTES, except
 * that what is gathered goes out at once when the source has to wait (for a worker, the
 * database): a streamed `run` sends its first steps while it computes the next ones.
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
          const pending = Promise.resolve(source.next());
          let next = buffered === '' ? await pending : await Promise.race([pending, afterPoll()]);
          if (next === NOT_READY) {
            controller.enqueue(encoder.encode(buffered));
            buffered = '';
            next = await pending;
          }
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
