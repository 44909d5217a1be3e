import { ENGINE_VERSIONS, Simulation, type EngineEvent, type ScenarioInput } from '@sim/engine';
import { describe, expect, it } from 'vitest';
import { encodeEvent, eventJsonOf } from '../../src/engine-data/encoded-event.js';
import { fixtureScenario } from '../support/scenario-files.js';

const file = fixtureScenario('tiny-valley');
const everyTick: ScenarioInput = { ...file, rules: { ...file.rules, prophecyInterval: 1 } };

describe('events handed from the engine thread as text', () => {
  for (const engineVersion of ENGINE_VERSIONS) {
    it(`${engineVersion}: the text the event loop stores is JSON.stringify of the event's data, byte for byte`, () => {
      const events: EngineEvent[] = [];
      Simulation.create(everyTick, { engineVersion }).step(200, { onEvent: (event) => events.push(event) });
      const prophecies = events.filter((event) => event.type === 'prophecy');
      expect(prophecies.length).toBeGreaterThan(50);
      for (const event of events) {
        const encoded = encodeEvent(event);
        expect(eventJsonOf(encoded)).toBe(JSON.stringify(event.data));
        // A prophecy's text crosses once: as its row, from which the event's is put together.
        if (event.type === 'prophecy')
          expect(encoded).toEqual({ type: 'prophecy', tick: event.data.tick, prophecy: { seq: event.data.seq, dataJson: JSON.stringify(event.data.data) } });
      }
    });
  }

  it('keeps the whole text of a prophecy event of another shape', () => {
    const odd = { type: 'prophecy', data: { tick: 3, seq: 1, data: { schema: 'x' } } } as unknown as EngineEvent;
    const encoded = encodeEvent(odd);
    expect(encoded).toEqual({ type: 'prophecy', tick: 3, dataJson: JSON.stringify(odd.data) });
    expect(eventJsonOf(encoded)).toBe(JSON.stringify(odd.data));
  });
});
