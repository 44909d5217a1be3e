import { describe, expect, it } from 'vitest';
import { ENGINE_VERSIONS, SNAPSHOT_FORMAT, Simulation, SnapshotError, UnknownEngineVersionError, type EngineSnapshot } from '../src/index.js';
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
});
