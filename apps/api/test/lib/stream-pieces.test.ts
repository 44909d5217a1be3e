import { describe, expect, it } from 'vitest';
import { streamPieces } from '../../src/lib/chunked-stream.js';

/** A response body pulled from text and bytes: the same bytes in the same order, large bytes passed on uncopied. */

const encoder = new TextEncoder();

async function chunksOf(body: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return chunks;
}

const joined = (chunks: Uint8Array[]): string => Buffer.concat(chunks).toString('utf8');

describe('streamPieces', () => {
  it('sends text and bytes, mixed, as the bytes of their concatenation', async () => {
    const pieces: Array<string | Uint8Array> = ['{"a":', encoder.encode('1}\n'), 'é', 'ü\n', encoder.encode('😀'), encoder.encode('\n'), 'end'];
    const expected = '{"a":1}\néü\n😀\nend';
    function* source(): Generator<string | Uint8Array, void, void> {
      yield* pieces;
    }
    expect(joined(await chunksOf(streamPieces(source())))).toBe(expected);
  });

  it('gathers small pieces into chunks and passes a large piece on as it is', async () => {
    const large = encoder.encode(`${'x'.repeat(200_000)}\n`);
    async function* source(): AsyncGenerator<string | Uint8Array, void, void> {
      for (let i = 0; i < 100; i++) yield encoder.encode(`{"tick":${i}}\n`);
      yield large;
      yield 'tail\n';
    }
    const chunks = await chunksOf(streamPieces(source()));
    // 100 small lines in one chunk, not 100.
    expect(chunks.length).toBeLessThanOrEqual(3);
    expect(chunks).toContain(large);
    const text = joined(chunks);
    expect(text.startsWith('{"tick":0}\n{"tick":1}\n')).toBe(true);
    expect(text.endsWith(`${'x'.repeat(10)}\ntail\n`)).toBe(true);
    expect(text.length).toBe(Array.from({ length: 100 }, (_, i) => `{"tick":${i}}\n`).join('').length + large.length + 5);
  });

  it('calls onClose once when the body ends', async () => {
    let closed = 0;
    await chunksOf(streamPieces(['a', 'b'][Symbol.iterator](), () => closed++));
    expect(closed).toBe(1);
  });

  it('sends pending text before a large piece, and a failing source errors the body after what it gave', async () => {
    const large = encoder.encode('y'.repeat(70_000));
    let closed = 0;
    async function* source(): AsyncGenerator<string | Uint8Array, void, void> {
      yield 'head,';
      yield large;
      yield 'tail';
      throw new Error('the engine broke');
    }
    const reader = streamPieces(source(), () => closed++).getReader();
    const seen: Uint8Array[] = [];
    await expect(
      (async () => {
        for (let read = await reader.read(); read.done !== true; read = await reader.read()) seen.push(read.value);
      })(),
    ).rejects.toThrow('the engine broke');
    expect(joined(seen)).toBe(`head,${'y'.repeat(70_000)}`);
    expect(closed).toBe(1);
  });

  it('ends its source and calls onClose once when the client cancels', async () => {
    let closed = 0;
    let ended = false;
    async function* source(): AsyncGenerator<string | Uint8Array, void, void> {
      try {
        for (let i = 0; ; i++) yield encoder.encode(`${'z'.repeat(70_000)}${i}\n`);
      } finally {
        ended = true;
      }
    }
    const reader = streamPieces(source(), () => closed++).getReader();
    await reader.read();
    await reader.cancel();
    expect(ended).toBe(true);
    expect(closed).toBe(1);
  });
});
