import { mediaTypeFor } from './content-negotiation.js';

/** Bytes gathered before a chunk is handed to the socket: few syscalls, bounded memory. */
const CHUNK_BYTES = 64 * 1024;

/** What a source's next value is when it is not ready by the time the event loop has polled for I/O. */
const NOT_READY = Symbol('not ready');
const afterPoll = (): Promise<typeof NOT_READY> => new Promise((resolve) => setImmediate(resolve, NOT_READY));

/**
 * A byte stream pulled from a lazy sequence of pieces, text or bytes (computed here or awaited
 * from a worker). Nothing is computed until the client reads, so a trace of any length streams
 * with flat memory (backpressure reaches the generator). Pieces are gathered into chunks of
 * CHUNK_BYTES, except that what is gathered goes out at once when the source has to wait (for a
 * worker, the database): a streamed `run` sends its first steps while it computes the next ones.
 * Bytes of CHUNK_BYTES or more go out as they are, uncopied (a large world's step lines).
 */
export function streamPieces(source: Iterator<string | Uint8Array> | AsyncIterator<string | Uint8Array>, onClose?: () => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let closed = false;
  const finish = (): void => {
    if (closed) return;
    closed = true;
    onClose?.();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // What is gathered: bytes, then text after them (consecutive text is joined before it is encoded once).
      const bytes: Uint8Array[] = [];
      let size = 0;
      let text = '';
      const encodeText = (): void => {
        if (text === '') return;
        const encoded = encoder.encode(text);
        bytes.push(encoded);
        size += encoded.length;
        text = '';
      };
      const flush = (): void => {
        encodeText();
        if (bytes.length > 0) controller.enqueue(bytes.length === 1 ? (bytes[0] as Uint8Array) : Buffer.concat(bytes));
        bytes.length = 0;
        size = 0;
      };
      try {
        while (size + text.length < CHUNK_BYTES) {
          const pending = Promise.resolve(source.next());
          let next = size + text.length === 0 ? await pending : await Promise.race([pending, afterPoll()]);
          if (next === NOT_READY) {
            flush();
            next = await pending;
          }
          if (next.done === true) {
            flush();
            controller.close();
            finish();
            return;
          }
          const piece = next.value;
          if (typeof piece === 'string') text += piece;
          else if (piece.length >= CHUNK_BYTES) {
            flush();
            controller.enqueue(piece);
            return;
          } else {
            encodeText();
            bytes.push(piece);
            size += piece.length;
          }
        }
      } catch (error) {
        finish();
        controller.error(error);
        return;
      }
      flush();
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
