import { describe, expect, it } from 'vitest';
import { segmentsOf, StepLinesWriter } from '../../src/engine-data/step-lines.js';

/**
 * A streamed run's lines as the engine's thread writes them: each the UTF-8 of the step's JSON
 * and a newline, the bytes `${json}\n` encoded would give, packed into a few segments.
 */

const decoder = new TextDecoder();
const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('StepLinesWriter', () => {
  it('writes each line as the UTF-8 of its JSON and a newline, multi-byte characters included', () => {
    const texts = ['{"tick":1}', JSON.stringify({ name: 'Zoë 🐝 Ångström', note: 'naïve – “quoted”' }), '[]'];
    const writer = new StepLinesWriter();
    for (const text of texts) writer.add(text);
    expect(writer.lines.map((line) => [...line])).toEqual(texts.map((text) => [...utf8(`${text}\n`)]));
    expect(writer.bytes).toBe(texts.reduce((sum, text) => sum + utf8(`${text}\n`).length, 0));
  });

  it('packs many small lines into few segments, and gives a line longer than a segment its own', () => {
    const writer = new StepLinesWriter();
    const small = JSON.stringify({ agents: 'x'.repeat(1_000) });
    for (let i = 0; i < 3_000; i++) writer.add(small);
    const long = JSON.stringify({ agents: 'y'.repeat(3 << 20) });
    writer.add(long);
    writer.add(small);
    const segments = segmentsOf(writer.lines);
    // 3 MB of small lines in segments growing from 64 KiB to 1 MiB: a handful, not one per line.
    expect(segments.length).toBeLessThan(10);
    expect(writer.lines.at(-2)?.byteLength).toBe(long.length + 1);
    expect(decoder.decode(writer.lines.at(-2))).toBe(`${long}\n`);
    expect(decoder.decode(writer.lines.at(-1))).toBe(`${small}\n`);
    // Lines never overlap: every line decodes to its own text, in order.
    expect(writer.lines.slice(0, 3_000).every((line) => decoder.decode(line) === `${small}\n`)).toBe(true);
  });

  it('names each segment once, whatever the number of lines on it', () => {
    const writer = new StepLinesWriter();
    for (let i = 0; i < 10; i++) writer.add(`{"tick":${i}}`);
    const segments = segmentsOf(writer.lines);
    expect(segments).toHaveLength(1);
    expect(segments[0]).toBe(writer.lines[0]?.buffer);
    expect(segmentsOf([])).toEqual([]);
  });

  it('writes lines of every size whole, and gives a long line a buffer of exactly its size', () => {
    // Around the first segment's size (64 KiB), the own-buffer threshold (128 KiB) and a large world's step (427 KB).
    const sizes = [10, 65_535, 65_536, 100_000, 131_071, 131_072, 131_073, 437_000, 600_000, 20, 70_000];
    const texts = sizes.map((size, i) => JSON.stringify({ i, pad: 'é'.repeat(Math.floor(size / 4)) + 'z'.repeat(size - 2 * Math.floor(size / 4)) }));
    const writer = new StepLinesWriter();
    for (const text of texts) writer.add(text);
    expect(writer.lines.map((line) => decoder.decode(line))).toEqual(texts.map((text) => `${text}\n`));
    for (const line of writer.lines) if (line.byteLength > 128 * 1024) expect(line.buffer.byteLength).toBe(line.byteLength);
    // Allocated: at most an eighth more than the lines, plus the first segments.
    const allocated = segmentsOf(writer.lines).reduce((sum, segment) => sum + segment.byteLength, 0);
    expect(allocated).toBeLessThan(writer.bytes * 1.125 + 2 * 1024 * 1024);
  });
});
