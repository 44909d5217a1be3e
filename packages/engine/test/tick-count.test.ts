import { describe, expect, it } from 'vitest';
import { replay, replayTicks, Simulation } from '../src/index.js';
import { tinyScenario } from './unit-helpers.js';

describe('a count of ticks', () => {
  it('is a whole number from 0, or Infinity: anything else is a RangeError, and nothing runs', () => {
    const sim = Simulation.create(tinyScenario());
    for (const ticks of [1.5, 0.1, -1, Number.NaN, -Infinity]) {
      expect(() => sim.step(ticks), String(ticks)).toThrow(RangeError);
      expect(() => sim.run(ticks).next(), String(ticks)).toThrow(RangeError);
      expect(() => replay(tinyScenario(), [], ticks), String(ticks)).toThrow(RangeError);
      expect(() => replayTicks(tinyScenario(), [], ticks).next(), String(ticks)).toThrow(RangeError);
    }
    expect(sim.tick).toBe(0);
    expect(sim.step(0)).toBe(0);
    expect(sim.step(3)).toBe(3);
    expect(replay(tinyScenario(), [], 2).tick).toBe(2);
  });

  it('runs until the simulation completes when it is Infinity', () => {
    const sim = Simulation.create(tinyScenario({ maxTicks: 12 }));
    expect(sim.step(Infinity)).toBe(12);
    expect(sim.completed).toBe(true);
  });
});
