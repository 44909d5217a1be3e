import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIMITS, ScenarioError, ScenarioSchema, Simulation, toValidationIssues, type ScenarioInput, type ValidationIssue } from '../src/index.js';
import { tinyScenario } from './unit-helpers.js';

/** The issues `Simulation.create` throws for a scenario, or fails the test if it accepts it. */
function issuesOf(scenario: unknown): ValidationIssue[] {
  try {
    Simulation.create(scenario as ScenarioInput);
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return (error as ScenarioError).issues;
  }
  throw new Error('the scenario was accepted');
}

const paths = (issues: ValidationIssue[]): string[] => issues.map((issue) => issue.path);

describe('scenario validation', () => {
  it('accepts a well-formed scenario', () => {
    const sim = Simulation.create(tinyScenario());
    expect(sim.tick).toBe(0);
    expect(sim.state().agentCount).toBe(3);
  });

  it('lists every problem of one scenario, each at its dotted path', () => {
    // JSON.parse turns 1e999 into Infinity: the seed must still be refused, and the other
    // problems must not be hidden behind it.
    const json = `{
      "seed": 1e999,
      "agents": [
        { "id": "a", "marker": { "x": 12, "y": 1 } },
        { "id": "b", "marker": { "x": 1, "y": -0.5 } },
        { "id": "c", "marker": { "x": 1, "y": 1 }, "attractorPreferences": { "ghost": 2 } },
        { "id": "a", "marker": { "x": 2, "y": 2 } }
      ],
      "initialState": {
        "width": 12, "height": 10,
        "attractors": [
          { "id": "w", "x": 1, "y": 1, "depth": 1, "radius": 1, "capacity": 1 },
          { "id": "w", "x": 2, "y": 2, "depth": 1, "radius": 1, "capacity": 1 },
          { "id": "far", "x": 40, "y": 2, "depth": 1, "radius": 1, "capacity": 1 }
        ],
        "terrain": [[0, 0, 0]]
      }
    }`;
    const issues = issuesOf(JSON.parse(json));
    expect(paths(issues)).toEqual(
      expect.arrayContaining([
        'seed',
        'agents.0.marker.x',
        'agents.1.marker.y',
        'agents.2.attractorPreferences.ghost',
        'agents.3.id',
        'initialState.attractors.1.id',
        'initialState.attractors.2.x',
        'initialState.terrain',
        'initialState.terrain.0',
      ]),
    );
    expect(issues.every((issue) => issue.message.length > 0)).toBe(true);
    expect(issues.find((issue) => issue.path === 'agents.3.id')?.message).toContain('duplicate');
  });

  it('names every problem in the error message as well', () => {
    const scenario = tinyScenario();
    const bad = { ...scenario, seed: Number.NaN, agents: [{ ...scenario.agents[0], marker: { x: 99, y: 1 } }] };
    expect(() => Simulation.create(bad as ScenarioInput)).toThrow(/seed: .*agents\.0\.marker\.x: /);
  });

  it.each([
    ['a seed of 1e999 from JSON', (s: ScenarioInput) => ({ ...s, seed: JSON.parse('1e999') as number }), 'seed'],
    ['a seed of -Infinity', (s: ScenarioInput) => ({ ...s, seed: -Infinity }), 'seed'],
    ['a non-finite marker', (s: ScenarioInput) => ({ ...s, agents: [{ id: 'x', marker: { x: Infinity, y: 1 } }] }), 'agents.0.marker.x'],
    ['an agent off the grid', (s: ScenarioInput) => ({ ...s, agents: [{ id: 'x', marker: { x: 1, y: 12 } }] }), 'agents.0.marker.y'],
    [
      'an unknown attractor in attractorPreferences',
      (s: ScenarioInput) => ({ ...s, agents: [{ id: 'x', marker: { x: 1, y: 1 }, attractorPreferences: { 'well-z': 1 } }] }),
      'agents.0.attractorPreferences.well-z',
    ],
    ['a duplicate agent id', (s: ScenarioInput) => ({ ...s, agents: [...s.agents, { id: 'a2', marker: { x: 0, y: 0 } }] }), 'agents.3.id'],
    [
      'a duplicate attractor id',
      (s: ScenarioInput) => ({
        ...s,
        initialState: { ...s.initialState, attractors: [...(s.initialState.attractors ?? []), { id: 'well-a', x: 1, y: 1, depth: 1, radius: 1, capacity: 1 }] },
      }),
      'initialState.attractors.2.id',
    ],
    ['too few terrain rows', (s: ScenarioInput) => ({ ...s, initialState: { ...s.initialState, terrain: [[0]] } }), 'initialState.terrain'],
    [
      'a terrain row of the wrong width',
      (s: ScenarioInput) => ({
        ...s,
        initialState: { ...s.initialState, terrain: Array.from({ length: 12 }, (_, y) => new Array<number>(y === 5 ? 11 : 12).fill(0)) },
      }),
      'initialState.terrain.5',
    ],
    ['a grid side above 256', (s: ScenarioInput) => ({ ...s, initialState: { ...s.initialState, width: LIMITS.maxGridSide + 1 } }), 'initialState.width'],
    ['a grid side below 2', (s: ScenarioInput) => ({ ...s, initialState: { ...s.initialState, height: 1 } }), 'initialState.height'],
    ['an unknown top-level field', (s: ScenarioInput) => ({ ...s, colour: 'blue' }), 'colour'],
  ])('refuses %s', (_label, corrupt, path) => {
    const issues = issuesOf(corrupt(tinyScenario()));
    expect(paths(issues)).toContain(path);
  });

  it('refuses more than 10 000 agents and accepts exactly 10 000', () => {
    const agents = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `a${i}`, marker: { x: i % 128, y: (i >> 7) % 128 } }));
    const base = { seed: 1, initialState: { width: 128, height: 128 } };
    expect(paths(issuesOf({ ...base, agents: agents(LIMITS.maxAgents + 1) }))).toContain('agents');
    expect(Simulation.create({ ...base, agents: agents(LIMITS.maxAgents) }).state().agentCount).toBe(LIMITS.maxAgents);
  });

  it('refuses an attractor radius below 0.01, where the pull would overflow to NaN', () => {
    const withRadius = (radius: number) => ({
      seed: 1,
      agents: [{ id: 'a', marker: { x: 2, y: 2 } }],
      initialState: { width: 8, height: 8, attractors: [{ id: 'w', x: 2, y: 2, depth: 1, radius, capacity: 1 }] },
    });
    expect(paths(issuesOf(withRadius(1e-160)))).toContain('initialState.attractors.0.radius');
    const sim = Simulation.create(withRadius(0.01));
    sim.step(5);
    expect(Number.isFinite(sim.agents()[0]?.state.x)).toBe(true);
  });

  it('accepts a side of exactly 256', () => {
    expect(() => Simulation.create({ seed: 1, agents: [], initialState: { width: 256, height: 256 } })).not.toThrow();
  });

  it('reports cross-field problems next to range problems of the same field', () => {
    // A side above the limit and an agent beyond it: both are reported, each at its path.
    const scenario = { seed: 1, agents: [{ id: 'a', marker: { x: 300, y: 0 } }], initialState: { width: 257, height: 8 } };
    expect(paths(issuesOf(scenario))).toEqual(expect.arrayContaining(['initialState.width', 'agents.0.marker.x']));
  });

  it('reports each unknown key at its own dotted path, not at the object holding it', () => {
    const scenario = { ...tinyScenario(), agents: [{ id: 'a', marker: { x: 1, y: 1 }, colour: 'red', size: 2 }] };
    expect(issuesOf(scenario)).toEqual([
      { path: 'agents.0.colour', message: 'Unrecognized key: "colour"' },
      { path: 'agents.0.size', message: 'Unrecognized key: "size"' },
    ]);
  });

  it('toValidationIssues puts unknown keys under the prefix, and at the key alone at the root', () => {
    const schema = z.object({ a: z.number() }).strict();
    const nested = schema.safeParse({ a: 1, zzz: true });
    expect(nested.success).toBe(false);
    expect(toValidationIssues(nested.error as z.ZodError, ['input'])).toEqual([{ path: 'input.zzz', message: 'Unrecognized key: "zzz"' }]);
    expect(toValidationIssues(nested.error as z.ZodError)).toEqual([{ path: 'zzz', message: 'Unrecognized key: "zzz"' }]);
  });

  it('validates the same way through ScenarioSchema', () => {
    const result = ScenarioSchema.safeParse({ ...tinyScenario(), seed: Infinity, agents: [{ id: 'x', marker: { x: -1, y: 0 } }] });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(expect.arrayContaining(['seed', 'agents.0.marker.x']));
  });
});
