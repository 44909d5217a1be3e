import type { StoredResponse } from './idempotency-store.js';
import type { ReferenceDraft } from './response-reference.js';
import { inBackground } from '../lib/in-background.js';

/** Where a recorded response goes; each call reports whether the reservation is still held. */
export interface RecordingSink {
  appendChunk(seq: number, bytes: Uint8Array): Promise<boolean>;
  complete(response: StoredResponse): Promise<boolean>;
}

export interface RecordOptions {
  /** A body up to this size is stored whole before the response leaves. */
  inlineMaxBytes: number;
  /** A longer body is streamed to the client and stored in pieces of about this size. */
  chunkBytes: number;
  onError: (error: unknown) => void;
  /** What reproduces the body, asked once it has ended: a body longer than inlineMaxBytes is stored as this, not as bytes. */
  reference?: (() => ReferenceDraft) | undefined;
}

/** Per-request headers: recomputed live on a replay, never cached. */
const NOT_CACHED = new Set([
  'x-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  'idempotency-replayed',
  'date',
  'content-length',
  'transfer-encoding',
  'connection',
  'set-cookie',
]);

export const cacheableHeaders = (headers: Headers): Array<[string, string]> => [...headers].filter(([name]) => !NOT_CACHED.has(name.toLowerCase()));

/** The pieces as one body that owns exactly its bytes (a piece may be a view into a larger buffer, a worker's segment of a run's lines: keeping it would keep all of that). */
function concat(pieces: readonly Uint8Array[]): Uint8Array {
  const only = pieces.length === 1 ? (pieces[0] as Uint8Array) : undefined;
  if (only !== undefined && only.byteOffset === 0 && only.byteLength === only.buffer.byteLength) return only;
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.byteLength;
  }
  return out;
}

type ReadResult = Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>>;

const withBody = (response: Response, body: ConstructorParameters<typeof Response>[0]): Response =>
  new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });

/**
 * Caches a response the handler produced and returns what to send instead (the same bytes).
 * A small body is read and stored before the response leaves, so a retry made right after the
 * answer arrives is replayed. A large one (an NDJSON trace) is passed through as it is produced
 * and stored in pieces, with flat memory; the record completes before the last byte is released.
 * If the client goes away, the rest is still read and stored, so its retry gets all of it. A
 * reproducible body (see referencedStream) is passed through from its first byte, whatever its size.
 */
export async function recordResponse(response: Response, sink: RecordingSink, options: RecordOptions): Promise<Response> {
  const base = { status: response.status, headers: cacheableHeaders(response.headers) };
  const safely = async (write: () => Promise<boolean>): Promise<boolean> => {
    try {
      return await write();
    } catch (error) {
      options.onError(error);
      return false;
    }
  };
  if (response.body === null) {
    await safely(() => sink.complete({ ...base, body: new Uint8Array(0), chunkCount: 0, bodyComplete: true }));
    return response;
  }

  const reader = response.body.getReader();
  // A reproducible body (a run's trace) is not held back: a streamed run's first lines leave as
  // they are computed, and the record is still complete before the last byte is released.
  if (options.reference !== undefined) return withBody(response, referencedStream(reader, sink, base, options.inlineMaxBytes, options.reference, safely));
  const prefix: Uint8Array[] = [];
  let size = 0;
  while (size <= options.inlineMaxBytes) {
    let read: ReadResult;
    try {
      read = await reader.read();
    } catch (error) {
      // The body broke part-way: store what was produced and fail the replay at the same place.
      const body = concat(prefix);
      await safely(() => sink.complete({ ...base, body, chunkCount: 0, bodyComplete: false }));
      return withBody(response, failingAfter([body], error));
    }
    if (read.done) {
      const body = concat(prefix);
      await safely(() => sink.complete({ ...base, body, chunkCount: 0, bodyComplete: true }));
      return withBody(response, body.byteLength === 0 ? null : body);
    }
    prefix.push(read.value);
    size += read.value.byteLength;
  }
  return withBody(response, recordingStream(reader, prefix, sink, base, options, safely));
}

/**
 * A reproducible body passed through from its first byte. Up to `inlineMaxBytes` of it are kept:
 * a body that ends within them is stored whole, as any short answer is (failing at the same byte
 * when it broke). A longer one is stored as its reference, without keeping a byte, and so is one
 * whose client left: the work stopped, and the reference is taken as it stands then (a streamed
 * run's: the ticks it committed, and the line saying it was cut short), so a replay regenerates
 * that body. The record completes before the last byte is released.
 */
function referencedStream(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  sink: RecordingSink,
  base: Pick<StoredResponse, 'status' | 'headers'>,
  inlineMaxBytes: number,
  reference: () => ReferenceDraft,
  safely: (write: () => Promise<boolean>) => Promise<boolean>,
): ReadableStream<Uint8Array> {
  let byteLength = 0;
  let kept: Uint8Array[] | null = [];
  let finished = false;
  const finish = async (bodyComplete: boolean, ended: boolean): Promise<void> => {
    if (finished) return;
    finished = true;
    const whole = ended && kept !== null ? concat(kept) : undefined;
    kept = null;
    await safely(() =>
      sink.complete(
        whole !== undefined
          ? { ...base, body: whole, chunkCount: 0, bodyComplete }
          : { ...base, body: null, chunkCount: 0, bodyComplete, reference: { ...reference(), byteLength } },
      ),
    );
  };
  return passThrough(reader, [], {
    keep: (piece) => {
      byteLength += piece.byteLength;
      if (kept === null) return;
      if (byteLength > inlineMaxBytes) kept = null;
      else kept.push(piece);
    },
    finish: (bodyComplete) => finish(bodyComplete, true),
    async cancel(reason) {
      await finish(true, false);
      await reader.cancel(reason).catch(() => undefined);
    },
  });
}

function failingAfter(pieces: Uint8Array[], error: unknown): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) if (piece.byteLength > 0) controller.enqueue(piece);
      controller.error(error);
    },
  });
}

function recordingStream(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  prefix: Uint8Array[],
  sink: RecordingSink,
  base: Pick<StoredResponse, 'status' | 'headers'>,
  options: RecordOptions,
  safely: (write: () => Promise<boolean>) => Promise<boolean>,
): ReadableStream<Uint8Array> {
  let held = true;
  let seq = 0;
  let pending: Uint8Array[] = [...prefix];
  let pendingBytes = prefix.reduce((n, p) => n + p.byteLength, 0);
  let finished = false;

  const flush = async (): Promise<void> => {
    if (pendingBytes === 0) return;
    const bytes = concat(pending);
    pending = [];
    pendingBytes = 0;
    if (held) held = await safely(() => sink.appendChunk(seq++, bytes));
  };
  const keep = async (piece: Uint8Array): Promise<void> => {
    pending.push(piece);
    pendingBytes += piece.byteLength;
    if (pendingBytes >= options.chunkBytes) await flush();
  };
  const finish = async (bodyComplete: boolean): Promise<void> => {
    if (finished) return;
    finished = true;
    await flush();
    if (held) await safely(() => sink.complete({ ...base, body: null, chunkCount: seq, bodyComplete }));
  };

  return passThrough(reader, prefix, {
    keep,
    finish,
    cancel() {
      // The client left; finish reading in the background so the record is whole.
      const rest = (async () => {
        try {
          for (let read = await reader.read(); read.done !== true; read = await reader.read()) await keep(read.value);
          await finish(true);
        } catch {
          await finish(false);
        }
      })();
      inBackground(rest, undefined, 'idempotency: could not record the rest of a response its client left');
    },
  });
}

/** What a pass-through stream does with each piece, at its end, and when the client leaves. */
interface PassThroughHooks {
  keep(piece: Uint8Array): void | Promise<void>;
  finish(bodyComplete: boolean): Promise<void>;
  cancel(reason: unknown): void | Promise<void>;
}

/**
 * The body as the client reads it: the pieces read ahead first, then each piece as the handler
 * produces it, kept before it is released; the end (or a break) is finished before the client
 * sees it, so the record is complete by the last byte.
 */
function passThrough(reader: ReadableStreamDefaultReader<Uint8Array>, prefix: readonly Uint8Array[], hooks: PassThroughHooks): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of prefix) controller.enqueue(piece);
    },
    async pull(controller) {
      let read: ReadResult;
      try {
        read = await reader.read();
      } catch (error) {
        await hooks.finish(false);
        controller.error(error);
        return;
      }
      if (read.done) {
        await hooks.finish(true);
        controller.close();
        return;
      }
      await hooks.keep(read.value);
      controller.enqueue(read.value);
    },
    cancel: (reason) => hooks.cancel(reason),
  });
}
