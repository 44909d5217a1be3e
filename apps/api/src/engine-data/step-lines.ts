/** A first segment of lines; each next one is twice the last, up to SEGMENT_MAX_BYTES. */
const SEGMENT_MIN_BYTES = 64 * 1024;
const SEGMENT_MAX_BYTES = 1024 * 1024;
/** A line longer than this gets a buffer of exactly its size: a segment then never leaves more than this unused. */
const OWN_BUFFER_BYTES = SEGMENT_MAX_BYTES / 8;
const NEWLINE = 0x0a;
const encoder = new TextEncoder();

/**
 * Trace steps as their NDJSON lines (the step's JSON and its newline), written as UTF-8 bytes
 * into a few segments as each step is made. A streamed `run` sends these bytes as they are:
 * handed from the engine's thread to the event loop, the segments are moved, not copied
 * (`segmentsOf`), where lines of text were copied into the message, out of it onto the event
 * loop's heap, and once more into bytes to send (docs/operations.md, "Memory").
 */
export class StepLinesWriter {
  readonly lines: Uint8Array[] = [];
  #segment = new Uint8Array(0);
  #used = 0;
  #bytes = 0;

  /** Appends the line of one step's JSON text. */
  add(json: string): void {
    const size = Buffer.byteLength(json, 'utf8') + 1;
    if (size > OWN_BUFFER_BYTES) {
      const own = new Uint8Array(size);
      own[encoder.encodeInto(json, own).written] = NEWLINE;
      this.#bytes += size;
      this.lines.push(own);
      return;
    }
    if (this.#segment.length - this.#used < size) {
      this.#segment = new Uint8Array(Math.max(size, Math.min(SEGMENT_MAX_BYTES, Math.max(SEGMENT_MIN_BYTES, this.#segment.length * 2))));
      this.#used = 0;
    }
    const start = this.#used;
    const end = start + encoder.encodeInto(json, this.#segment.subarray(start, start + size - 1)).written;
    this.#segment[end] = NEWLINE;
    this.#used = end + 1;
    this.#bytes += this.#used - start;
    this.lines.push(this.#segment.subarray(start, this.#used));
  }

  /** Bytes of the lines written so far. */
  get bytes(): number {
    return this.#bytes;
  }
}

/** The distinct buffers under some lines, each once: what moving them to another thread transfers. */
export function segmentsOf(lines: readonly Uint8Array[]): ArrayBuffer[] {
  const segments = new Set<ArrayBuffer>();
  for (const line of lines) segments.add(line.buffer as ArrayBuffer);
  return [...segments];
}
