import { describe, expect, it } from 'vitest';
import { runChunks } from '../../src/simulations/run-chunks.js';
import { RunProgress } from '../../src/simulations/run-progress.js';
import type { AdvanceOutcome, SimulationCommits } from '../../src/simulations/simulation-commits.js';

/**
 * A streamed run holds one chunk of lines: once a chunk's lines are handed on, nothing keeps
 * them while the next chunk computes (docs/api.md, "Run as a stream").
 */

const line = (tick: number): Uint8Array => new TextEncoder().encode(`{"tick":${tick}}\n`);

describe('runChunks', () => {
  it("lets go of each chunk's lines once they are handed on, the first chunk's included", async () => {
    const outcomes: AdvanceOutcome[] = [];
    let tick = 2;
    let seenWhileComputing: number[] = [];
    const first = { stepLines: [line(1), line(2)], completed: false };
    const commits = {
      mutate: async (_id: string, change: (current: { tick: number; status: string }) => Promise<AdvanceOutcome>) => change({ tick, status: 'idle' }),
      advance: async () => {
        // What the chunks before still hold while this one computes.
        seenWhileComputing = [first.stepLines.length, ...outcomes.map((outcome) => outcome.stepLines.length)];
        tick += 2;
        const outcome = { tick, completed: false, stepLines: [line(tick - 1), line(tick)] } as unknown as AdvanceOutcome;
        outcomes.push(outcome);
        return outcome;
      },
      deps: { logger: { error: () => undefined } },
    } as unknown as SimulationCommits;
    const lines = runChunks(commits, { simulationId: 's', target: 6, progress: new RunProgress(2), signal: undefined, onEnd: () => undefined }, first);
    const text: string[] = [];
    for await (const bytes of lines) {
      text.push(new TextDecoder().decode(bytes));
      if (text.length === 5) expect(seenWhileComputing).toEqual([0, 0]);
    }
    expect(text.join('')).toBe([1, 2, 3, 4, 5, 6].map((t) => `{"tick":${t}}\n`).join(''));
    expect(outcomes).toHaveLength(2);
  });
});
