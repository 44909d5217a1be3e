import { describe, expect, it } from 'vitest';
import type { StoredResponse } from '../../src/idempotency/idempotency-store.js';
import { recordResponse } from '../../src/idempotency/response-recorder.js';
import type { ReferenceDraft } from '../../src/idempotency/response-reference.js';
import { streamPieces } from '../../src/lib/chunked-stream.js';

/**
 * A reproducible body (a run's trace) under an Idempotency-Key leaves from its first byte: a
 * streamed run's first lines are not held back until 256 KiB are gathered (docs/api.md,
 * "Run as a stream"), and the record is still complete before its last byte.
 */

const decoder = new TextDecoder();

/** A body whose second line exists only once `release` is called (a run computing its next chunk). */
function gatedBody(second: string): { body: ReadableStream<Uint8Array>; release: () => void } {
  let release = (): void => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  async function* lines(): AsyncGenerator<string, void, void> {
    yield 'first\n';
    await gate;
    yield second;
  }
  return { body: streamPieces(lines()), release };
}

function recorded(body: ReadableStream<Uint8Array>, reference: () => ReferenceDraft): Promise<{ response: Response; stored: StoredResponse[] }> {
  const stored: StoredResponse[] = [];
  const sink = {
    appendChunk: async () => true,
    complete: async (response: StoredResponse) => (stored.push(response), true),
  };
  return recordResponse(new Response(body, { status: 201 }), sink, { inlineMaxBytes: 64, chunkBytes: 64, onError: () => undefined, reference }).then(
    (response) => ({ response, stored }),
  );
}

const reference = (untilTick: number) => (): ReferenceDraft => ({ kind: 'run-trace', simulationId: 'sim', untilTick, format: 'ndjson' });

describe('recording a reproducible body', () => {
  it('passes it through from its first byte, and stores a short one whole at its end', async () => {
    const { body, release } = gatedBody('second\n');
    const { response, stored } = await recorded(body, reference(2));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    // Out before the rest of the body exists.
    expect(decoder.decode((await reader.read()).value)).toBe('first\n');
    expect(stored).toEqual([]);
    release();
    let rest = '';
    for (let read = await reader.read(); read.done !== true; read = await reader.read()) rest += decoder.decode(read.value);
    expect(rest).toBe('second\n');
    expect(stored).toHaveLength(1);
    expect(decoder.decode(stored[0]?.body ?? new Uint8Array())).toBe('first\nsecond\n');
    expect(stored[0]).toMatchObject({ status: 201, chunkCount: 0, bodyComplete: true });
    expect(stored[0]?.reference).toBeUndefined();
  });

  it('stores a long one as its reference, taken when it ends', async () => {
    const { body, release } = gatedBody(`${'x'.repeat(100)}\n`);
    let tick = 1;
    const { response, stored } = await recorded(body, () => reference(tick)());
    release();
    tick = 2;
    const text = await response.text();
    expect(stored).toEqual([
      { status: 201, headers: [], body: null, chunkCount: 0, bodyComplete: true, reference: { ...reference(2)(), byteLength: Buffer.byteLength(text) } },
    ]);
  });

  it('stores one whose client left as its reference as it stands then', async () => {
    const { body, release } = gatedBody('too late\n');
    const { response, stored } = await recorded(body, reference(1));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    const cancelled = reader.cancel();
    // The source ends its wait (a run's chunk in flight is cancelled with its client).
    release();
    await cancelled;
    expect(stored).toEqual([{ status: 201, headers: [], body: null, chunkCount: 0, bodyComplete: true, reference: { ...reference(1)(), byteLength: 6 } }]);
  });

  it("stores a body that is a view into a larger buffer (a run's lines) as exactly its bytes, not the buffer under it", async () => {
    const segment = new Uint8Array(64 * 1024);
    const line = new TextEncoder().encode('{"tick":1}\n');
    segment.set(line, 100);
    const view = segment.subarray(100, 100 + line.length);
    function* lines(): Generator<Uint8Array, void, void> {
      yield view;
    }
    const { response, stored } = await recorded(streamPieces(lines()), reference(1));
    expect(await response.text()).toBe('{"tick":1}\n');
    const body = stored[0]?.body as Uint8Array;
    expect(decoder.decode(body)).toBe('{"tick":1}\n');
    expect(body.buffer.byteLength).toBe(line.length);
  });
});
