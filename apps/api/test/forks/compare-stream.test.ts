import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EngineRunner } from '../../src/engine-work/engine-runner.js';
import { createInProcessRunner } from '../../src/engine-work/in-process-runner.js';
import { replayHistory } from '../../src/engine-work/replay-history.js';
import { COMPARED_LIST_LIMIT, compareRuns, sampleTicks } from '../../src/simulations/compare-runs.js';
import type { ReplayInput } from '../../src/simulations/simulation-store.js';
import { tinyValleyEveryTick } from '../helpers/tiny-valley.js';

const history = (tick: number, reseedAt?: number): ReplayInput => ({
  scenarioId: 'tiny-valley',
  engineVersion: '1.2.0',
  scenario: tinyValleyEveryTick(),
  tick,
  inputs: reseedAt === undefined ? [] : [{ tick: reseedAt, input: { kind: 'reseed', seed: 99 } }],
});

/** A real runner that records what its replay stretches handed back: every step, and the most in one stretch. */
function stretchWatcher(inner: EngineRunner): EngineRunner & { largestStretch: number; handed: unknown[] } {
  const runner = Object.create(inner) as EngineRunner & { largestStretch: number; handed: unknown[] };
  runner.largestStretch = 0;
  runner.handed = [];
  runner.replay = async (task, signal) => {
    const result = await inner.replay(task, signal);
    runner.largestStretch = Math.max(runner.largestStretch, result.steps.length);
    runner.handed.push(...result.steps);
    return result;
  };
  return runner;
}

/** Every step's hash and every prophecy of a whole replay, the way the comparison used to hold them. */
async function wholeReplay(runner: EngineRunner, input: ReplayInput): Promise<{ hashes: string[]; prophecies: number }> {
  const hashes: string[] = [];
  let prophecies = 0;
  const source = {
    scenario: input.scenario,
    engineVersion: input.engineVersion,
    inputs: input.inputs,
    untilTick: input.tick,
    format: 'lines' as const,
    keepEvents: true,
  };
  for await (const stretch of replayHistory(runner, source)) {
    for (const line of stretch.steps as Uint8Array[]) hashes.push(createHash('sha256').update(line).digest('base64'));
    prophecies += stretch.events.filter((event) => event.type === 'prophecy').length;
  }
  return { hashes, prophecies };
}

describe('a comparison streams both replays in step', { timeout: 60_000 }, () => {
  const RANGE = 3_000;
  const RESEED = 2_000;

  it('holds at most one stretch of hashes however long the range, and finds the first difference past many stretches', async () => {
    const runner = stretchWatcher(createInProcessRunner());
    const [a, b] = [history(RANGE), history(RANGE + 50, RESEED)];
    const compared = await compareRuns(
      runner,
      [
        { id: '00000000-0000-4000-8000-000000000001', history: a },
        { id: '00000000-0000-4000-8000-000000000002', history: b },
      ],
      RANGE,
      sampleTicks(RANGE),
      undefined,
    );

    // The answer the whole-range hashes give.
    const [left, right] = [await wholeReplay(runner, a), await wholeReplay(runner, { ...b, tick: RANGE })];
    const expected = left.hashes.findIndex((hash, i) => hash !== right.hashes[i]) + 1;
    expect(expected).toBe(RESEED);
    expect(compared.firstDifferenceTick).toBe(expected);

    // Memory: never more hashes than one stretch of the run ahead, and far fewer than the range.
    expect(runner.largestStretch).toBeGreaterThan(0);
    expect(compared.heldHashes).toBeLessThanOrEqual(runner.largestStretch);
    expect(compared.heldHashes).toBeLessThan(RANGE / 2);
  });

  it('lists the first 1 000 prophecies of each run and counts them all', async () => {
    const runner = createInProcessRunner();
    const a = history(RANGE);
    const compared = await compareRuns(
      runner,
      [
        { id: '00000000-0000-4000-8000-000000000001', history: a },
        { id: '00000000-0000-4000-8000-000000000002', history: a },
      ],
      RANGE,
      sampleTicks(RANGE),
      undefined,
    );
    const { prophecies } = await wholeReplay(runner, a);
    expect(prophecies).toBeGreaterThan(COMPARED_LIST_LIMIT);
    expect(compared.firstDifferenceTick).toBeNull();
    for (const digest of [compared.left, compared.right]) {
      expect(digest.prophecyCount).toBe(prophecies);
      expect(digest.prophecies).toHaveLength(COMPARED_LIST_LIMIT);
      expect(digest.prophecies.map((p) => p.seq)).toEqual(Array.from({ length: COMPARED_LIST_LIMIT }, (_, i) => i + 1));
      expect(digest.stability).toHaveLength(500);
    }
  });

  it("takes from the worker each step's hash and sampled fields, never its text, and samples what the trace says", async () => {
    const inner = createInProcessRunner();
    const runner = stretchWatcher(inner);
    const range = 300;
    const a = history(range);
    const compared = await compareRuns(
      runner,
      [
        { id: '00000000-0000-4000-8000-000000000001', history: a },
        { id: '00000000-0000-4000-8000-000000000002', history: history(range, 150) },
      ],
      range,
      sampleTicks(range),
      undefined,
    );
    expect(runner.handed.length).toBeGreaterThanOrEqual(2 * range - 1);
    for (const step of runner.handed) expect(Object.keys(step as object).sort()).toEqual(['attractors', 'domain', 'hash', 'stability']);
    // The same stability series and first difference as the steps themselves give.
    const stability: number[] = [];
    for await (const stretch of replayHistory(inner, { scenario: a.scenario, engineVersion: a.engineVersion, inputs: [], untilTick: range, format: 'object' }))
      for (const step of stretch.steps as Array<{ state: { stability: number } }>) stability.push(step.state.stability);
    expect(compared.left.stability).toEqual(stability);
    expect(compared.firstDifferenceTick).toBe(150);
  });
});
