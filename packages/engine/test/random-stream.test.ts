import { describe, expect, it } from 'vitest';
import { openStream, resumeStream, Simulation, type RandomStreamState } from '../src/index.js';
import { tinyScenario } from './unit-helpers.js';

const draw = (stream: () => number, n: number): number[] => Array.from({ length: n }, () => stream());

describe('random streams', () => {
  it('gives the same draws for the same seed and purpose', () => {
    expect(draw(openStream(42, 'motion'), 50)).toEqual(draw(openStream(42, 'motion'), 50));
  });

  it('draws uniformly in [0, 1)', () => {
    const values = draw(openStream(7, 'motion'), 10_000);
    expect(values.every((u) => u >= 0 && u < 1)).toBe(true);
    const mean = values.reduce((sum, u) => sum + u, 0) / values.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });

  it('gives different draws for another purpose or another seed', () => {
    const motion = draw(openStream(42, 'motion'), 20);
    expect(draw(openStream(42, 'environment'), 20)).not.toEqual(motion);
    expect(draw(openStream(43, 'motion'), 20)).not.toEqual(motion);
  });

  it('keeps each purpose independent of how much the others draw', () => {
    const alone = draw(openStream(42, 'motion'), 200);
    const motion = openStream(42, 'motion');
    const environment = openStream(42, 'environment');
    const interleaved: number[] = [];
    for (let i = 0; i < 200; i++) {
      // An ever larger burst from the environment between two motion draws.
      draw(environment, i);
      interleaved.push(motion());
    }
    expect(interleaved).toEqual(alone);
  });

  it('resumes exactly from its state, also after a JSON round trip', () => {
    const stream = openStream('scenario-9', 'prophecy/3/1/motion');
    draw(stream, 123);
    const state = JSON.parse(JSON.stringify(stream.state())) as RandomStreamState;
    const resumed = resumeStream(state);
    expect(draw(resumed, 500)).toEqual(draw(stream, 500));
  });

  it('does not let a resumed copy disturb the original', () => {
    const stream = openStream(5, 'motion');
    draw(stream, 10);
    const state = stream.state();
    const copy = resumeStream(state);
    draw(copy, 100);
    expect(stream.state()).toEqual(state);
  });

  describe('inside the engine', () => {
    it('draws the motion stream the same whether or not random shocks consume the environment stream', () => {
      const calm = Simulation.create(tinyScenario({ shockRate: 0 }));
      const shaken = Simulation.create(tinyScenario({ shockRate: 0.5 }));
      calm.step(40);
      shaken.step(40);
      const calmStreams = calm.snapshot().streams;
      const shakenStreams = shaken.snapshot().streams;
      // Shocks happened and drew from the environment stream, and only from it.
      expect(shaken.state().attractors).not.toEqual(calm.state().attractors);
      expect(shakenStreams.environment).not.toEqual(calmStreams.environment);
      expect(calmStreams.environment).toEqual(openStream(42, 'environment').state());
      expect(shakenStreams.motion).toEqual(calmStreams.motion);

      // And the motion stream is exactly the seed's 'motion' stream: four draws per agent per tick.
      const motion = openStream(42, 'motion');
      draw(motion, 4 * 3 * 40);
      expect(calmStreams.motion).toEqual(motion.state());
    });

    it('keeps its streams in the snapshot: the next tick draws on exactly where it stopped', () => {
      const sim = Simulation.create(tinyScenario({ shockRate: 0 }));
      sim.step(15);
      const motion = resumeStream(sim.snapshot().streams.motion);
      sim.step(1);
      draw(motion, 4 * 3);
      expect(sim.snapshot().streams.motion).toEqual(motion.state());
    });
  });
});
