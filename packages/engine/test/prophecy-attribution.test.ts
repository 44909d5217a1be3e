import { describe, expect, it } from 'vitest';
import { ProphecyDataV3Schema, Simulation, type EngineEvent, type EngineSnapshot, type ProphecyDataV3 } from '../src/index.js';
import { wilsonInterval } from '../src/model/attribute-prophecy.js';
import { listScenarioFiles, parseScenarioFile, runnable } from './scenario-files.js';
import { crowdedScenario, record } from './unit-helpers.js';

const v3 = (events: readonly EngineEvent[]): ProphecyDataV3[] =>
  events.flatMap((e) => (e.type === 'prophecy' && e.data.data.schema === 'prophecy/3' ? [e.data.data] : []));

describe('1.2.0 prophecy attribution', () => {
  it('publishes prophecy/3 data whose intervals contain the probability and narrow as the ensemble grows', () => {
    const data = v3(record(Simulation.create(crowdedScenario(), { engineVersion: '1.2.0' }), 40).events);
    expect(data.length).toBe(4);
    for (const prophecy of data) {
      ProphecyDataV3Schema.parse(prophecy);
      expect(prophecy.window).toBe(2 * prophecy.horizon);
      for (const basin of Object.values(prophecy.basins)) {
        expect(basin.lossProbabilityInterval.low).toBeLessThanOrEqual(basin.lossProbability);
        expect(basin.lossProbabilityInterval.high).toBeGreaterThanOrEqual(basin.lossProbability);
      }
    }
    const width = (n: number): number => wilsonInterval(0.5, n).high - wilsonInterval(0.5, n).low;
    expect(width(32)).toBeLessThan(width(8));
    expect(wilsonInterval(1, 8).high).toBe(1);
    expect(wilsonInterval(1, 8).low).toBeCloseTo(0.676, 3);
    expect(wilsonInterval(0, 8).low).toBe(0);
  });

  it('with reflexivity 0 gives every basin the verdict neutral with effects exactly 0', () => {
    const data = v3(record(Simulation.create(crowdedScenario({ reflexivity: 0, erosionRate: 0.06 }), { engineVersion: '1.2.0' }), 120).events);
    const basins = data.flatMap((prophecy) => Object.values(prophecy.basins));
    // Not vacuous: some prophecies do forecast losses.
    expect(basins.some((basin) => basin.lossProbability > 0)).toBe(true);
    for (const { attribution } of basins) {
      expect(attribution.verdict).toBe('neutral');
      expect(attribution.effect).toEqual({ lossProbability: 0, windowLossProbability: 0, expectedLossTick: 0 });
      expect(attribution.withReaction).toEqual(attribution.withoutReaction);
    }
  });

  it.each([0, 2])(
    'with a reaction too weak to change a bit, runs the reaction ensemble and still finds effects exactly 0 (fixedPointIterations %i)',
    (fixedPointIterations) => {
      // ρ = 1e-18 is not 0, so the shortcut that reuses the counterfactual does not apply and the
      // reaction ensemble really runs (ensembles: 2); but 1 − 2ρ·P·fade·β rounds to exactly 1 for
      // every P, fade and β, so its agents move as the counterfactual's do only if both ensembles
      // draw on the same streams in the same order.
      const rules = { reflexivity: 1e-18, erosionRate: 0.06, fixedPointIterations };
      const data = v3(record(Simulation.create(crowdedScenario(rules), { engineVersion: '1.2.0' }), 120).events);
      const reacted = data.filter((prophecy) => Object.values(prophecy.basins).some((basin) => basin.lossProbability > 0));
      expect(reacted.length).toBeGreaterThan(0);
      for (const prophecy of reacted) {
        expect(prophecy.ensembles).toBe(2);
        if (fixedPointIterations > 0) expect(prophecy.fixedPoint).toMatchObject({ status: 'converged', iterations: 1 });
      }
      for (const { attribution } of data.flatMap((prophecy) => Object.values(prophecy.basins))) {
        expect(attribution.verdict).toBe('neutral');
        expect(attribution.effect).toEqual({ lossProbability: 0, windowLossProbability: 0, expectedLossTick: 0 });
        expect(attribution.withReaction).toEqual(attribution.withoutReaction);
      }
    },
  );

  it('reports the postponed loss of crowded-large as postponing, never averted', () => {
    const entry = listScenarioFiles().find((e) => e.name === 'crowded-large');
    if (entry === undefined) throw new Error('scenarios/crowded-large.json is missing');
    const file = parseScenarioFile(entry);
    for (const seed of [file.seed, 7]) {
      const { events } = record(Simulation.create({ ...runnable(file), seed }, { engineVersion: '1.2.0' }), 80);
      const centre = v3(events).find((p) => (p.basins['well-1-1']?.lossProbability ?? 0) >= 0.8);
      expect(centre?.basins['well-1-1']?.attribution.verdict, `seed ${seed}`).toBe('postponing');
      const paradoxes = events.flatMap((e) => (e.type === 'paradox' ? [e.data] : []));
      const loss = events.find((e) => e.type === 'loss' && e.data.attractor === 'well-1-1');
      expect(loss, `seed ${seed}`).toBeDefined();
      expect(
        paradoxes.map((p) => `${p.kind}@${p.tick}`),
        `seed ${seed}`,
      ).toEqual([`postponed@${loss?.data.tick}`]);
    }
  }, 60_000);
});

describe('1.2.0 snapshots', () => {
  it('keep a verdict that is still awaited: restored mid-wait, the postponed loss is judged the same', () => {
    const entry = listScenarioFiles().find((e) => e.name === 'prophecy-postponed');
    if (entry === undefined) throw new Error('scenarios/prophecy-postponed.json is missing');
    const scenario = runnable(parseScenarioFile(entry));
    const whole = record(Simulation.create(scenario, { engineVersion: '1.2.0' }), 60).lines;
    const first = Simulation.create(scenario, { engineVersion: '1.2.0' });
    const resumed = record(first, 46);
    // Tick 46: prophecy 1's horizon has closed and its verdict on "well-1-1" is still awaited.
    const restored = Simulation.restore(JSON.parse(JSON.stringify(first.snapshot())) as EngineSnapshot);
    record(restored, 14, resumed);
    expect(resumed.lines).toEqual(whole);
    expect(whole.some((line) => line.includes('"kind":"postponed"'))).toBe(true);
  }, 30_000);
});

describe('1.2.0 belief', () => {
  /** Agent motion of 15 ticks resumed from one world, with a standing prophecy that forecasts every loss. */
  const motion = (version: string, belief: number | null, standing = true): string => {
    const sim = Simulation.create(crowdedScenario({ prophecyInterval: 0, shockRate: 0, reflexivity: 1 }), { engineVersion: version });
    sim.step(30);
    if (belief !== null) for (const agent of sim.agents()) sim.setPolicy(agent.id, { belief });
    sim.step(1);
    const snapshot = JSON.parse(JSON.stringify(sim.snapshot())) as EngineSnapshot;
    const lossProbability = Object.fromEntries(snapshot.attractors.ids.map((id) => [id, 1]));
    snapshot.standing = standing ? { seq: 1, tick: 30, horizon: 20, lossProbability, settled: [] } : null;
    const steps = record(Simulation.restore(snapshot), 15).steps;
    return JSON.stringify(steps.map((step) => step.agents.map((a) => a.state)));
  };

  it('belief 1 moves agents exactly as 1.1.0 does; 0 as if there were no prophecy; 2 reacts more', () => {
    expect(motion('1.2.0', null)).toBe(motion('1.1.0', null));
    expect(motion('1.2.0', 0)).toBe(motion('1.2.0', 0, false));
    expect(motion('1.2.0', 0)).not.toBe(motion('1.2.0', null));
    expect(motion('1.2.0', 2)).not.toBe(motion('1.2.0', null));
  });

  it('is refused at runtime by the versions that have none, and ignored in their scenarios', () => {
    const old = Simulation.create(crowdedScenario(), { engineVersion: '1.1.0' });
    expect(old.check({ kind: 'policy', agentId: 'agent-1', policy: { belief: 0.5 } })).toMatchObject({ code: 'invalid', path: 'policy.belief' });
    expect(Simulation.create(crowdedScenario()).check({ kind: 'policy', agentId: 'agent-1', policy: { belief: 0.5 } })).toBeNull();
    const withBelief = crowdedScenario();
    withBelief.agents = withBelief.agents.map((agent) => ({ ...agent, policy: { ...agent.policy, belief: 0 } }));
    const steps = (scenario: typeof withBelief): string => JSON.stringify(record(Simulation.create(scenario, { engineVersion: '1.1.0' }), 40).steps);
    expect(steps(withBelief)).toBe(steps(crowdedScenario()));
  });
});
