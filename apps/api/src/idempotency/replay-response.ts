import type { StoredResponse } from './idempotency-store.js';

export const REPLAYED_HEADER = 'Idempotency-Replayed';

/** Pages of a streamed body read per query while replaying it. */
const PAGE = 16;

const NO_BODY = new Set([204, 205, 304]);

/**
 * The cached response, byte for byte, with `Idempotency-Replayed: true`. A body stored in
 * pieces is read back page by page as the client reads, so a long NDJSON trace replays with
 * flat memory; a body that failed part-way the first time fails at the same byte again.
 */
export function replayResponse(stored: StoredResponse, readChunks: (fromSeq: number, limit: number) => Promise<Uint8Array[]>): Response {
  const headers = new Headers(stored.headers);
  headers.set(REPLAYED_HEADER, 'true');
  const init = { status: stored.status, headers };
  if (NO_BODY.has(stored.status)) return new Response(null, init);
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
