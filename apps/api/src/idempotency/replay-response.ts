import type { StoredResponse } from './idempotency-store.js';

export const REPLAYED_HEADER = 'Idempotency-Replayed';

/** Pages of a streamed body read per query while replaying it. */
const PAGE = 16;

const NO_BODY = new Set([204, 205, 304]);

/**
 * A stored error envelope with `error.requestId` set to the replaying request's id, or undefined
 * when the body is not one. Every error carries the request id that is also in X-Request-Id
 * (docs/api.md, "Errors"), and a replay is a request of its own with a fresh X-Request-Id. The body was
 * written by JSON.stringify (the error handler's c.json), so parsing and writing it again
 * changes no other byte; only a JSON error status is looked at, so success bodies and NDJSON
 * are never parsed.
 */
function withRequestId(stored: StoredResponse, requestId: string): Uint8Array | undefined {
  if (stored.status < 400 || stored.body === null || stored.chunkCount > 0 || !stored.bodyComplete) return undefined;
  const contentType = stored.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  if (!/^application\/json\b/i.test(contentType)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(stored.body));
  } catch {
    return undefined;
  }
  const error = (parsed as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null || typeof (error as { requestId?: unknown }).requestId !== 'string') return undefined;
  (error as { requestId: string }).requestId = requestId;
  return new TextEncoder().encode(JSON.stringify(parsed));
}

/**
 * The cached response, byte for byte, with `Idempotency-Replayed: true`; an error envelope's
 * `error.requestId` becomes `requestId` (this request's id) when one is given. A body stored in
 * pieces is read back page by page as the client reads, so a long NDJSON trace replays with
 * flat memory; a body that failed part-way the first time fails at the same byte again.
 */
export function replayResponse(stored: StoredResponse, readChunks: (fromSeq: number, limit: number) => Promise<Uint8Array[]>, requestId?: string): Response {
  const headers = new Headers(stored.headers);
  headers.set(REPLAYED_HEADER, 'true');
  const init = { status: stored.status, headers };
  if (NO_BODY.has(stored.status)) return new Response(null, init);
  const rewritten = requestId === undefined ? undefined : withRequestId(stored, requestId);
  if (rewritten !== undefined) return new Response(rewritten, init);
  if (stored.chunkCount === 0 && stored.bodyComplete) return new Response(stored.body !== null && stored.body.byteLength > 0 ? stored.body : null, init);

  let seq = 0;
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        if (stored.body !== null && stored.body.byteLength > 0) controller.enqueue(stored.body);
      },
      async pull(controller) {
        const page = seq < stored.chunkCount ? await readChunks(seq, Math.min(PAGE, stored.chunkCount - seq)) : [];
        for (const piece of page) controller.enqueue(piece);
        seq += page.length;
        if (page.length > 0 && seq < stored.chunkCount) return;
        if (stored.bodyComplete) controller.close();
        else controller.error(new Error('the original response was cut short here'));
      },
    }),
    init,
  );
}
