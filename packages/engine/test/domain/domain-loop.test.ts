import { describe, expect, it } from 'vitest';
import { registerDomainModel } from '../../src/domain/registry.js';
import { openStream, ScenarioError, Simulation, SnapshotError, type EngineEvent, type ScenarioInput } from '../../src/index.js';
import { reservoirModel } from './reservoir-model.js';

registerDomainModel(reservoirModel);

type Rules = NonNullable<ScenarioInput['rules']>;
type ReservoirParameters = { sites: { attractor: string; level?: number; inflow: number; capacity: number }[]; cut?: number; jitter?: number };

/** A tank that fills by one unit a tick and overflows at tick 21, a haven beside it, and people in the tank's basin. */
function tankScenario(parameters: Partial<ReservoirParameters> = {}, rules: Rules = {}): ScenarioInput {
  return {
    seed: 11,
    agents: Array.from({ length: 12 }, (_, i) => ({
      id: `p${i}`,
      marker: { x: 4 + (i % 4) * 0.5, y: 4 + Math.floor(i / 4) * 0.5 },
      attractorPreferences: { tank: 3 },
    })),
    initialState: {
      width: 16,
      height: 16,
      attractors: [
        { id: 'tank', x: 5, y: 5, depth: 2, radius: 3, capacity: 1000 },
        { id: 'haven', x: 12, y: 12, depth: 1, radius: 2, capacity: 1000 },
      ],
    },
    rules: { prophecyInterval: 0, erosionRate: 0.5, recoveryRate: 0, maxTicks: 200, ...rules },
    domain: { model: 'test-reservoir', parameters: { sites: [{ attractor: 'tank', inflow: 1, capacity: 20 }], ...parameters } },
  };
}

function levelOf(sim: Simulation): number {
  const domain = sim.state().domain as { sites: { level: number }[] } | undefined;
  return (domain?.sites[0] as { level: number }).level;
}

function trace(sim: Simulation, ticks: number): string {
  const lines: string[] = [];
  sim.step(ticks, { onEvent: (event: EngineEvent) => lines.push(JSON.stringify(event)), onStep: (step) => lines.push(JSON.stringify(step)) });
  return lines.join('\n');
}

describe('a domain model in the tick loop (1.4.0)', () => {
  it('advances the model every tick and sets its basin load and capacity from it', () => {
    const sim = Simulation.create(tankScenario());
    expect(sim.engineVersion).toBe('1.4.0');
    expect(sim.state().domain).toEqual({ model: 'test-reservoir', sites: [{ attractor: 'tank', level: 0, alarm: 0 }] });
    sim.step(7);
    expect(levelOf(sim)).toBe(7);
    const tank = sim.state().attractors.find((a) => a.id === 'tank');
    expect(tank).toMatchObject({ load: 7, capacity: 20 });
    // The haven is no site: its load is the agents' own.
    expect(sim.state().attractors.find((a) => a.id === 'haven')?.capacity).toBe(1000);
  });

  it("loses the site's basin by erosion once the domain overloads it, and only then", () => {
    const sim = Simulation.create(tankScenario());
    let lostAt: number | null = null;
    sim.step(60, {
      onEvent: (event) => {
        if (event.type === 'loss' && event.data.attractor === 'tank') lostAt = event.data.tick;
      },
    });
    // Depth 2 erodes by 0.5 · 2 · (level/20 − 1) a tick from tick 21: 0.05, 0.1, …; the sum passes 2 at tick 28.
    let depth = 2;
    let expected = 0;
    for (let tick = 1; depth > 0; tick++) {
      const level = tick;
      if (level > 20) depth -= 0.5 * 2 * (level / 20 - 1);
      expected = tick;
    }
    expect(lostAt).toBe(expected);
  });

  it('refuses a domain block on engines before 1.4.0, an unknown model, bad parameters and a site with no attractor', () => {
    expect(() => Simulation.create(tankScenario(), { engineVersion: '1.3.0' })).toThrow(ScenarioError);
    const issuesOf = (scenario: ScenarioInput): string[] => {
      try {
        Simulation.create(scenario);
      } catch (error) {
        if (error instanceof ScenarioError) return error.issues.map((issue) => issue.path);
        throw error;
      }
      return [];
    };
    expect(issuesOf({ ...tankScenario(), domain: { model: 'no-such-model', parameters: {} } })).toEqual(['domain.model']);
    expect(issuesOf(tankScenario({ cut: 2 }))).toEqual(['domain.parameters.cut']);
    expect(issuesOf(tankScenario({ sites: [{ attractor: 'lake', inflow: 1, capacity: 5 }] }))).toEqual(['domain.parameters']);
    expect(
      issuesOf(
        tankScenario({
          sites: [
            { attractor: 'tank', inflow: 1, capacity: 5 },
            { attractor: 'tank', inflow: 1, capacity: 5 },
          ],
        }),
      ),
    ).toEqual(['domain.parameters']);
  });

  it('gives a byte-identical trace for the same input, and 1.4.0 without a domain runs exactly as 1.3.0', () => {
    const noisy = tankScenario({ jitter: 0.5 }, { prophecyInterval: 10 });
    expect(trace(Simulation.create(noisy), 40)).toBe(trace(Simulation.create(noisy), 40));
    const { domain: _unused, ...plain } = tankScenario({}, { prophecyInterval: 10 });
    expect(trace(Simulation.create(plain), 40)).toBe(trace(Simulation.create(plain, { engineVersion: '1.3.0' }), 40));
  });

  it('draws the domain from its own stream, which prophecy branches never touch', () => {
    const sim = Simulation.create(tankScenario({ jitter: 1 }, { prophecyInterval: 5 }));
    sim.step(30);
    // One draw per site per tick from the world's `domain` stream, prophecies or not.
    const stream = openStream(11, 'domain');
    let level = 0;
    for (let tick = 1; tick <= 30; tick++) level += 1 + (stream() - 0.5);
    expect(levelOf(sim)).toBe(level);
  });

  it('restores the domain state and stream from a snapshot and continues byte for byte', () => {
    const scenario = tankScenario({ jitter: 0.7, cut: 1 }, { prophecyInterval: 6, reflexivity: 0.9 });
    const sim = Simulation.create(scenario);
    sim.step(13);
    const saved = JSON.parse(JSON.stringify(sim.snapshot())) as unknown;
    const resumed = Simulation.restore(saved);
    expect(resumed.state().domain).toEqual(sim.state().domain);
    expect(trace(resumed, 30)).toBe(trace(sim, 30));
  });

  it('refuses a snapshot whose domain state does not fit its model', () => {
    const sim = Simulation.create(tankScenario());
    sim.step(2);
    const saved = JSON.parse(JSON.stringify(sim.snapshot())) as { domain: { state: { levels: unknown } } };
    saved.domain.state.levels = 'full';
    expect(() => Simulation.restore(saved)).toThrow(SnapshotError);
  });

  it('reseeds the domain stream with the world', () => {
    const sim = Simulation.create(tankScenario({ jitter: 1 }));
    sim.step(3);
    const before = levelOf(sim);
    sim.enqueue({ kind: 'reseed', seed: 99 });
    sim.step(2);
    const stream = openStream(99, 'domain');
    expect(levelOf(sim)).toBe(before + (1 + (stream() - 0.5)) + (1 + (stream() - 0.5)));
  });

  it("passes the standing prophecy's alarm to the site, and the reaction lowers the domain's load", () => {
    const rules: Rules = { prophecyInterval: 5, prophecyHorizon: 20, reflexivity: 0.9 };
    const reacting = Simulation.create(tankScenario({ cut: 1 }, rules));
    const unmoved = Simulation.create(tankScenario({ cut: 1 }, { ...rules, reflexivity: 0 }));
    reacting.step(25);
    unmoved.step(25);
    const alarm = (sim: Simulation): number => ((sim.state().domain as unknown as { sites: { alarm: number }[] }).sites[0] as { alarm: number }).alarm;
    expect(alarm(unmoved)).toBe(0);
    expect(alarm(reacting)).toBeGreaterThan(0);
    expect(levelOf(reacting)).toBeLessThan(levelOf(unmoved));
    expect(levelOf(unmoved)).toBe(25);
  });
});
