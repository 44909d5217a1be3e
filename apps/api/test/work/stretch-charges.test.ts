import type { ScenarioInput } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import { STEP_JSON_BYTES_PER_AGENT, STRETCH_LINE_BYTES, STRETCH_OBJECTS, stretchRestarts } from '../../src/engine-work/replay-history.js';
import { WORLD_SETUP_TICKS } from '../../src/engine-data/work-cost.js';
import { estimateReplay } from '../../src/simulations/simulation-history-reads.js';

/**
 * A replay that builds steps hands them back in stretches of about 4 MiB of lines (a trace, a
 * compare) or 16 step objects, after a first stretch that may hold one step only, and every
 * stretch after the first restores the world again: at 10 000 agents two lines make a stretch.
 * Those restores are charged
 * (docs/api.md, "Cost model: agent-ticks"); charged-work.bench.ts measured a 20-tick trace of
 * 10 000 agents at ten times its charge when they were not.
 */
const world = (agents: number): ScenarioInput =>
  ({
    seed: 1,
    agents: Array.from({ length: agents }, (_, i) => ({ id: `a${i}`, marker: { x: i % 64, y: Math.floor(i / 64) % 64 } })),
    initialState: { width: 64, height: 64, attractors: [{ id: 'w', x: 32, y: 32, depth: 3, radius: 8, capacity: 100_000 }] },
    rules: { prophecyInterval: 0 },
  }) as ScenarioInput;

describe('replays are charged the world of every stretch their steps need', () => {
  it('counts stretches by the line a step of that many agents makes, or by step objects', () => {
    // crowded-large's steps (2 400 agents, 440 KB of JSON measured) go nine to a stretch.
    expect(Math.floor(STRETCH_LINE_BYTES / (2_400 * STEP_JSON_BYTES_PER_AGENT))).toBe(9);
    // The first stretch may end after its first step; the other 19 steps need 10 and 3 more.
    expect(stretchRestarts(10_000, { steps: 20, format: 'lines' })).toBe(10);
    expect(stretchRestarts(2_400, { steps: 20, format: 'lines' })).toBe(3);
    expect(stretchRestarts(24, { steps: 1_000, format: 'lines' })).toBe(2);
    expect(stretchRestarts(24, { steps: 20, format: 'lines' })).toBe(1);
    expect(stretchRestarts(10_000, { steps: 40, format: 'object' })).toBe(Math.ceil(39 / STRETCH_OBJECTS));
    expect(stretchRestarts(10_000, { steps: 1, format: 'lines' })).toBe(0);
    expect(stretchRestarts(10_000, { steps: 0, format: 'lines' })).toBe(0);
    expect(stretchRestarts(10_000, undefined)).toBe(0);
  });

  it('charges a replay of a large world a world per stretch, and a small world two worlds', () => {
    const large = world(10_000);
    const plain = estimateReplay(large, '1.2.0', [], 0, 20);
    const traced = estimateReplay(large, '1.2.0', [], 0, 20, { steps: 20, format: 'lines' });
    const resumed = estimateReplay(large, '1.2.0', [], 0, 20, { steps: 20, format: 'object' });
    expect(plain.cost).toBe(10_000 * 20 + 10_000 * WORLD_SETUP_TICKS);
    expect(traced.cost).toBe(plain.cost + 10 * 10_000 * WORLD_SETUP_TICKS);
    expect(resumed.cost).toBe(plain.cost + Math.ceil(19 / STRETCH_OBJECTS) * 10_000 * WORLD_SETUP_TICKS);
    const small = world(6);
    expect(estimateReplay(small, '1.2.0', [], 0, 20, { steps: 20, format: 'lines' }).cost).toBe(
      estimateReplay(small, '1.2.0', [], 0, 20).cost + 6 * WORLD_SETUP_TICKS,
    );
  });
});
