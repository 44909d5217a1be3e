import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ENGINE_VERSION,
  ENGINE_VERSIONS,
  isEngineVersion,
  prophecyBranchTicks,
  ProphecyDataV1Schema,
  ProphecyDataV2Schema,
  Simulation,
  UnknownEngineVersionError,
  versionFeatures,
  type EngineSnapshot,
  type ProphecyIssued,
} from '../src/index.js';
import { crowdedScenario, record } from './unit-helpers.js';

const prophecies = (sim: Simulation, ticks: number): ProphecyIssued[] => record(sim, ticks).events.flatMap((e) => (e.type === 'prophecy' ? [e.data] : []));

describe('engine versions', () => {
  it('serves 1.0.0 to 1.4.0, the newest by default', () => {
    expect([...ENGINE_VERSIONS]).toEqual(['1.0.0', '1.1.0', '1.2.0', '1.3.0', '1.4.0']);
    expect(DEFAULT_ENGINE_VERSION).toBe('1.4.0');
    expect(Simulation.create(crowdedScenario()).engineVersion).toBe('1.4.0');
    expect(Simulation.create(crowdedScenario(), { engineVersion: '1.0.0' }).engineVersion).toBe('1.0.0');
    for (const version of ENGINE_VERSIONS) expect(isEngineVersion(version)).toBe(true);
    expect(isEngineVersion('1.5.0')).toBe(false);
  });

  it('throws UnknownEngineVersionError for a version it does not serve', () => {
    expect(() => Simulation.create(crowdedScenario(), { engineVersion: '2.0.0' })).toThrow(UnknownEngineVersionError);
    try {
      Simulation.create(crowdedScenario(), { engineVersion: 'latest' });
      expect.unreachable();
    } catch (error) {
      expect((error as UnknownEngineVersionError).version).toBe('latest');
    }
  });

  it('freezes the features of every version', () => {
    for (const version of ENGINE_VERSIONS) {
      const features = versionFeatures(version);
      expect(features?.version).toBe(version);
      expect(Object.isFrozen(features)).toBe(true);
    }
    expect(versionFeatures('0.0.1')).toBeUndefined();
  });

  it('emits prophecy/1 data from 1.0.0', () => {
    const issued = prophecies(Simulation.create(crowdedScenario(), { engineVersion: '1.0.0' }), 40);
    expect(issued.map((p) => p.tick)).toEqual([10, 20, 30, 40]);
    for (const prophecy of issued) {
      expect(prophecy.data.schema).toBe('prophecy/1');
      const data = ProphecyDataV1Schema.parse(prophecy.data);
      expect(data.basins.map((b) => b.attractor)).toEqual(expect.arrayContaining(['haven']));
      expect(data.branches).toBe(4);
      expect(data.horizon).toBe(15);
    }
  });

  it('emits prophecy/2 data from 1.1.0', () => {
    const issued = prophecies(Simulation.create(crowdedScenario(), { engineVersion: '1.1.0' }), 40);
    expect(issued).toHaveLength(4);
    for (const prophecy of issued) {
      expect(prophecy.data.schema).toBe('prophecy/2');
      const data = ProphecyDataV2Schema.parse(prophecy.data);
      expect(Object.keys(data.basins)).toContain('haven');
      expect(data.confidence).toBeGreaterThanOrEqual(0);
      expect(data.confidence).toBeLessThanOrEqual(1);
      expect(data.stability.min).toBeLessThanOrEqual(data.stability.max);
    }
  });

  it('forecasts the same ensemble in both versions up to the first reaction to a prophecy', () => {
    // The versions share the kernel: before agents react to a prophecy, only the shape of
    // prophecy.data tells them apart.
    const [v1] = prophecies(Simulation.create(crowdedScenario(), { engineVersion: '1.0.0' }), 10);
    const [v2] = prophecies(Simulation.create(crowdedScenario(), { engineVersion: '1.1.0' }), 10);
    if (v1?.data.schema !== 'prophecy/1' || v2?.data.schema !== 'prophecy/2') throw new Error('expected one prophecy of each schema');
    for (const basin of v1.data.basins) expect(v2.data.basins[basin.attractor]?.lossProbability).toBe(basin.lossProbability);
    expect(v2.data.stability.mean).toBe(v1.data.expectedStability);
    expect(v2.data.expectedCentroid).toEqual(v1.data.expectedCentroid);
  });

  it('differs only in how agents react to the standing prophecy', () => {
    const steps = (version: string, reflexivity: number) =>
      record(Simulation.create(crowdedScenario({ reflexivity }), { engineVersion: version }), 120).steps.map((s) => JSON.stringify(s));
    // With reflexivity 0 agents ignore prophecies, and the versions agree tick for tick.
    expect(steps('1.0.0', 0)).toEqual(steps('1.1.0', 0));
    // With reflexivity on they agree until the first prophecy with a predicted loss, then part.
    const a = steps('1.0.0', 0.5);
    const b = steps('1.1.0', 0.5);
    expect(a.slice(0, 10)).toEqual(b.slice(0, 10));
    expect(a).not.toEqual(b);
  });

  it('1.0.0 reacts to a prophecy after its horizon; in 1.1.0 the reaction fades to nothing over it', () => {
    // The same world is resumed three ways: with no standing prophecy, with one whose horizon
    // has closed, and with one still half open. The prophecy forecasts the loss of every basin.
    const motion = (version: string, made: number | null): string => {
      const sim = Simulation.create(crowdedScenario({ prophecyInterval: 0, shockRate: 0, reflexivity: 1 }), { engineVersion: version });
      sim.step(30);
      const snapshot = JSON.parse(JSON.stringify(sim.snapshot())) as EngineSnapshot;
      const lossProbability = Object.fromEntries(snapshot.attractors.ids.map((id) => [id, 1]));
      snapshot.standing = made === null ? null : { seq: 1, tick: made, horizon: 10, lossProbability, settled: [] };
      const steps = record(Simulation.restore(snapshot), 15).steps;
      return JSON.stringify(steps.map((step) => step.agents));
    };
    // 1.0.0: a prophecy made 30 ticks ago, horizon long closed, still pulls agents away.
    expect(motion('1.0.0', 0)).not.toBe(motion('1.0.0', null));
    // 1.1.0: the same closed prophecy has no effect at all, an open one still has.
    expect(motion('1.1.0', 0)).toBe(motion('1.1.0', null));
    expect(motion('1.1.0', 25)).not.toBe(motion('1.1.0', null));
  });
});

describe('prophecyBranchTicks: what one prophecy asks of each branch', () => {
  const rules = { prophecyHorizon: 20, fixedPointIterations: 0 };
  it('is the horizon up to 1.1.0: one ensemble', () => {
    expect(prophecyBranchTicks('1.0.0', rules)).toBe(20);
    expect(prophecyBranchTicks('1.1.0', rules)).toBe(20);
  });
  it("counts 1.2.0's counterfactual and every reaction ensemble, each over twice the horizon", () => {
    expect(prophecyBranchTicks('1.2.0', rules)).toBe(2 * 2 * 20);
    expect(prophecyBranchTicks('1.2.0', { ...rules, fixedPointIterations: 1 })).toBe(2 * 2 * 20);
    expect(prophecyBranchTicks('1.2.0', { ...rules, fixedPointIterations: 4 })).toBe(5 * 2 * 20);
  });
  it('weighs 1.3.0 as both ensembles over the window with twice the branches, plus the fixed-point trials over the horizon', () => {
    expect(prophecyBranchTicks('1.3.0', rules)).toBe(2 * 2 * 2 * 20);
    expect(prophecyBranchTicks('1.3.0', { ...rules, fixedPointIterations: 4 })).toBe(2 * 2 * 2 * 20 + (2 + 2 * 4) * 20);
  });

  it('weighs an unknown version as the costliest served', () => {
    expect(prophecyBranchTicks('9.9.9', { ...rules, fixedPointIterations: 4 })).toBe(2 * 2 * 2 * 20 + (2 + 2 * 4) * 20);
  });
});
