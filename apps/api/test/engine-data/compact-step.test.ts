import { Simulation, type ScenarioInput, type TraceStep } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import { CompactTraceStep, compactStep } from '../../src/engine-data/compact-step.js';
import { TickEncoder } from '../../src/live/tick-encoder.js';
import type { TickVariant } from '../../src/live/tick-variant.js';
import { fixtureScenario } from '../support/scenario-files.js';

const scenario = fixtureScenario('tiny-valley');

function steps(ticks: number): TraceStep[] {
  const simulation = Simulation.create(scenario as ScenarioInput, {});
  const out: TraceStep[] = [];
  simulation.step(ticks, { onStep: (step) => out.push(step) });
  return out;
}

/** As the event loop receives a step from the engine's thread: structured-cloned, then wrapped. */
const received = (step: TraceStep, withJson: boolean): CompactTraceStep => new CompactTraceStep(structuredClone(compactStep(step, withJson)));

const VARIANTS: TickVariant[] = [
  { agents: 'all', encoding: 'json' },
  { agents: 'none', encoding: 'json' },
  { agents: 1, encoding: 'json' },
  { agents: 3, encoding: 'json' },
  { agents: 5, encoding: 'json' },
  { agents: 'all', encoding: 'packed' },
  { agents: 3, encoding: 'packed' },
];

/** Every frame (delta and key) of each tick, as text; undefined where the variant has none. */
function frames(variant: TickVariant, ticks: readonly TraceStep[]): (string | undefined)[] {
  const encoder = new TickEncoder(variant);
  return ticks.flatMap((step, i) => {
    const encoded = encoder.encode(i + 1, step, 'playing');
    return [false, true].map((key) => {
      const frame = encoded.frame(key);
      return frame === undefined ? undefined : Buffer.from(frame.bytes).toString('utf8');
    });
  });
}

describe('compact steps (ticks handed from the engine thread as columns)', () => {
  const plain = steps(6);

  it('encode to the same bytes as the trace steps they stand for, in every variant', () => {
    const compact = plain.map((step) => received(step, true));
    for (const variant of VARIANTS) expect(frames(variant, compact), JSON.stringify(variant)).toEqual(frames(variant, plain));
    expect(compact.map((step) => JSON.parse(JSON.stringify(step)))).toEqual(JSON.parse(JSON.stringify(plain)));
  });

  it('encode a JSON sample without parsing their agents on the event loop', () => {
    const compact = plain.map((step) => {
      const withoutObjects = received(step, true);
      // The agents as objects are parsed from the JSON on first read: a sample must not read them.
      Object.defineProperty(withoutObjects, 'agents', {
        get: () => {
          throw new Error('the agents were parsed');
        },
      });
      return withoutObjects;
    });
    for (const agents of [1, 2, 3, 4, 5]) {
      const variant: TickVariant = { agents, encoding: 'json' };
      expect(frames(variant, compact), String(agents)).toEqual(frames(variant, plain));
    }
  });

  it('without their JSON, still encode packed and without agents; a JSON variant skips them', () => {
    const compact = plain.map((step) => received(step, false));
    for (const variant of VARIANTS) {
      const got = frames(variant, compact);
      if (variant.encoding === 'json' && variant.agents !== 'none') expect(got.every((frame) => frame === undefined)).toBe(true);
      else expect(got, JSON.stringify(variant)).toEqual(frames(variant, plain));
    }
    expect(() => compact[0]?.agents).toThrow(/columns only/);
  });
});
