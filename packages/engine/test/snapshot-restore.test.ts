import { describe, expect, it } from 'vitest';
import {
  ENGINE_VERSIONS,
  SNAPSHOT_FORMAT,
  Simulation,
  SnapshotError,
  UnknownEngineVersionError,
  type EngineSnapshot,
  type ScenarioInput,
} from '../src/index.js';
import { crowdedScenario, record } from './unit-helpers.js';

/**
 * Runs one simulation for `before` ticks, queues decrees, then forks it through
 * snapshot → JSON → restore and runs both on. The fork must emit exactly what the original does.
 */
function forkThroughJson(engineVersion: string, before: number): { original: Simulation; restored: Simulation; snapshot: EngineSnapshot } {
  const original = Simulation.create(crowdedScenario(), { engineVersion });
  original.step(before);
  original.decree({ type: 'shock', payload: { x: 10, y: 10, radius: 8, magnitude: 0.7 } }, 'queued-shock');
  original.decree({ type: 'add-agent', payload: { id: 'late', marker: { x: 3, y: 17 }, attractorPreferences: { 'well-2': 3 } } }, 'queued-agent');
  original.setPolicy('agent-4', { lambda: 3 }, 'queued-policy');
  const snapshot = JSON.parse(JSON.stringify(original.snapshot())) as EngineSnapshot;
  return { original, restored: Simulation.restore(snapshot), snapshot };
}

describe('snapshot and restore', () => {
  it.each(ENGINE_VERSIONS)('continues byte for byte after a JSON round trip, mid-horizon, with inputs queued (%s)', (version) => {
    // Prophecies every 10 ticks look 15 ahead: at tick 17 the prophecy of tick 10 is still open.
    const { original, restored, snapshot } = forkThroughJson(version, 17);
    expect(snapshot.format).toBe(SNAPSHOT_FORMAT);
    expect(snapshot.openProphecies.map((p) => p.tick)).toEqual([10]);
    expect(snapshot.standing?.seq).toBe(1);
    expect(snapshot.pending).toHaveLength(3);
    expect(restored.tick).toBe(17);
    expect(restored.engineVersion).toBe(version);
    expect(restored.state()).toEqual(original.state());
    expect(restored.agents()).toEqual(original.agents());

    const a = record(original, 300);
    const b = record(restored, 300);
    expect(b.lines).toEqual(a.lines);
    // The run must have exercised what a snapshot has to carry: queued inputs, prophecies,
    // losses and paradoxes judged against a prophecy made before the snapshot.
    const types = new Set(a.events.map((e) => e.type));
    for (const type of ['decree', 'policy', 'prophecy', 'loss', 'paradox'] as const) expect(types).toContain(type);
    expect(restored.snapshot()).toEqual(original.snapshot());
  });

  it('restores a snapshot of a restored simulation just as well', () => {
    const { original, restored } = forkThroughJson('1.1.0', 33);
    record(original, 20);
    record(restored, 20);
    const again = Simulation.restore(JSON.parse(JSON.stringify(restored.snapshot())) as EngineSnapshot);
    expect(record(again, 50).lines).toEqual(record(original, 50).lines);
  });

  it('restores a simulation whose seed is any finite number, a reseed’s too, and continues byte for byte', () => {
    for (const seed of [0.5, -3.25, 1e308, 2 ** 64]) {
      const original = Simulation.create({ ...crowdedScenario(), seed });
      record(original, 7);
      const restored = Simulation.restore(JSON.parse(JSON.stringify(original.snapshot())) as EngineSnapshot);
      expect(record(restored, 20).lines, String(seed)).toEqual(record(original, 20).lines);
    }
    const reseeded = Simulation.create(crowdedScenario());
    reseeded.enqueue({ kind: 'reseed', seed: 0.25 });
    record(reseeded, 3);
    const restored = Simulation.restore(JSON.parse(JSON.stringify(reseeded.snapshot())) as EngineSnapshot);
    expect(record(restored, 20).lines).toEqual(record(reseeded, 20).lines);
  });

  it('keeps a completed simulation completed', () => {
    const sim = Simulation.create(crowdedScenario({ maxTicks: 12 }));
    sim.step(50);
    const restored = Simulation.restore(JSON.parse(JSON.stringify(sim.snapshot())) as EngineSnapshot);
    expect(restored.completed).toBe(true);
    expect(restored.step(5)).toBe(0);
  });

  it('refuses a snapshot of an engine version it does not serve', () => {
    const snapshot = { ...Simulation.create(crowdedScenario()).snapshot(), engineVersion: '0.9.0' };
    expect(() => Simulation.restore(snapshot)).toThrow(UnknownEngineVersionError);
  });

  describe('refuses a snapshot that does not match the format, naming where', () => {
    const stored = (): EngineSnapshot => {
      const sim = Simulation.create(crowdedScenario(), { engineVersion: '1.2.0' });
      sim.step(12);
      return JSON.parse(JSON.stringify(sim.snapshot())) as EngineSnapshot;
    };
    const refusal = (snapshot: unknown): SnapshotError => {
      try {
        Simulation.restore(snapshot);
      } catch (error) {
        if (error instanceof SnapshotError) return error;
        throw error;
      }
      throw new Error('restore accepted a tampered snapshot');
    };

    it.each([
      ['another format', (s: EngineSnapshot) => ({ ...s, format: 'sim-engine-snapshot/0' }), 'format'],
      ['an agent array cut short', (s: EngineSnapshot) => ({ ...s, agents: { ...s.agents, vx: s.agents.vx.slice(1) } }), 'agents.vx'],
      ['a number turned into text', (s: EngineSnapshot) => ({ ...s, stability: '0.9' }), 'stability'],
      ['a field nobody knows', (s: EngineSnapshot) => ({ ...s, cheat: true }), 'cheat'],
      ['a terrain of the wrong size', (s: EngineSnapshot) => ({ ...s, terrain: [...s.terrain, 0] }), 'terrain'],
      ['a basin slot that does not exist', (s: EngineSnapshot) => ({ ...s, agents: { ...s.agents, basin: s.agents.basin.map(() => 99) } }), 'agents.basin.0'],
      ['a 1.2.0 snapshot without beliefs', (s: EngineSnapshot) => ({ ...s, agents: { ...s.agents, belief: undefined } }), 'agents.belief'],
      ['a stream state lost', (s: EngineSnapshot) => ({ ...s, streams: { motion: s.streams.motion } }), 'streams.environment'],
    ])('%s', (_name, tamper, path) => {
      const error = refusal(tamper(stored()));
      expect(error.issues.map((i) => i.path)).toContain(path);
      expect(error.message).toContain('invalid engine snapshot');
    });

    it('refuses what is not an object at all', () => {
      expect(refusal(null).issues[0]?.path).toBe('');
    });

    it('accepts the untampered snapshot', () => {
      expect(Simulation.restore(stored()).tick).toBe(12);
    });
  });

  it('leaves no crowding count behind: worlds stepped in turn match worlds restored every few ticks', () => {
    // The crowding count is scratch a restore starts from zero; a world that keeps stepping must
    // leave it as clean as that after every tick, whatever other world steps in between, and
    // more agents than its first scratch holds (1 500, then one more by decree) must fit.
    const packed = (): ScenarioInput => ({
      ...crowdedScenario({ crowding: 2, prophecyInterval: 0 }),
      agents: Array.from({ length: 1500 }, (_, i) => ({ id: `p-${i}`, marker: { x: (i * 7) % 20, y: (i * 3) % 20 } })),
    });
    const big = Simulation.create(packed());
    const small = Simulation.create(crowdedScenario({ crowding: 2 }));
    let bigCopy = Simulation.restore(JSON.parse(JSON.stringify(big.snapshot())) as EngineSnapshot);
    let smallCopy = Simulation.restore(JSON.parse(JSON.stringify(small.snapshot())) as EngineSnapshot);
    big.decree({ type: 'add-agent', payload: { id: 'late', marker: { x: 9, y: 9 } } });
    bigCopy.decree({ type: 'add-agent', payload: { id: 'late', marker: { x: 9, y: 9 } } });
    for (let round = 0; round < 6; round++) {
      const lines = { big: record(big, 5).lines, small: record(small, 5).lines };
      expect(record(bigCopy, 5).lines).toEqual(lines.big);
      expect(record(smallCopy, 5).lines).toEqual(lines.small);
      bigCopy = Simulation.restore(JSON.parse(JSON.stringify(bigCopy.snapshot())) as EngineSnapshot);
      smallCopy = Simulation.restore(JSON.parse(JSON.stringify(smallCopy.snapshot())) as EngineSnapshot);
    }
    expect(big.agents()).toHaveLength(1501);
    expect(big.snapshot()).toEqual(bigCopy.snapshot());
  });
});
