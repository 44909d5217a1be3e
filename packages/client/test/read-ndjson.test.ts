import { describe, expect, it } from 'vitest';
import { readNdjson } from '../src/read-ndjson.js';

function streamed(...chunks: Uint8Array[]): Response {
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    }),
  );
}

async function collect<T>(source: AsyncGenerator<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of source) out.push(item);
  return out;
}

describe('readNdjson', () => {
  it('yields each line once whatever the chunking, multi-byte characters split across chunks included', async () => {
    const bytes = new TextEncoder().encode('{"move":"é→"}\n{"tick":2}\n\n{"tick":3}\n');
    // Split inside the two-byte é and inside the three-byte arrow.
    const cuts = [0, 10, 12, 14, 30, bytes.length];
    const chunks = cuts.slice(1).map((end, i) => bytes.slice(cuts[i], end));
    expect(await collect(readNdjson(streamed(...chunks)))).toEqual([{ move: 'é→' }, { tick: 2 }, { tick: 3 }]);
  });

  it('refuses a body cut in the middle of a line', async () => {
    await expect(collect(readNdjson(streamed(new TextEncoder().encode('{"tick":1}\n{"tick"'))))).rejects.toThrow(/middle of a line/);
  });
});
