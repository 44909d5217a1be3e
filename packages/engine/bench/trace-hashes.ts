/**
 * Prints a SHA-256 of the full NDJSON trace (one JSON.stringify(TraceStep) per line, events
 * included) of a few scenarios with prophecies and decrees, on every engine version. Run it
 * before and after touching the tick kernel: equal hashes mean the outputs stayed bit-identical.
 *
 *   npx tsx bench/trace-hashes.ts
 */
import { createHash } from 'node:crypto';
import { ENGINE_VERSIONS, Simulation, type DecreeInput, type ScenarioInput } from '../src/index.js';
import { generateScenario } from './generate-scenario.js';

interface Case {
  name: string;
  scenario: ScenarioInput;
  ticks: number;
  /** Decrees queued just before the given tick is computed. */
  decrees: { before: number; decree: DecreeInput }[];
}

const CASES: Case[] = [
  {
    name: 'small, prophecies every 10, shocks',
    scenario: generateScenario({
      seed: 11,
      agents: 40,
      side: 24,
      attractors: 4,
      rules: { prophecyInterval: 10, prophecyHorizon: 15, prophecyBranches: 4, shockRate: 0.05 },
    }),
    ticks: 300,
    decrees: [
      { before: 5, decree: { type: 'shock', payload: { x: 6, y: 6, radius: 5, magnitude: 0.6 } } },
      { before: 12, decree: { type: 'add-attractor', payload: { id: 'late-well', x: 12, y: 12, depth: 2, radius: 3, capacity: 5 } } },
      {
        before: 12,
        decree: { type: 'add-agent', payload: { id: 'late-agent', marker: { x: 1, y: 1 }, policy: { lambda: 2 }, attractorPreferences: { 'late-well': 3 } } },
      },
      { before: 40, decree: { type: 'move-attractor', payload: { id: 'well-1', x: 3, y: 20 } } },
      { before: 41, decree: { type: 'move-agent', payload: { id: 'agent-3', x: 10, y: 10 } } },
      { before: 60, decree: { type: 'remove-agent', payload: { id: 'agent-4' } } },
      { before: 75, decree: { type: 'set-rule', payload: { rule: 'reflexivity', value: -0.8 } } },
      { before: 90, decree: { type: 'remove-attractor', payload: { id: 'well-0' } } },
      { before: 91, decree: { type: 'remove-attractor', payload: { id: 'well-0' } } },
    ],
  },
  {
    name: 'crowded: losses, warnings, paradoxes',
    scenario: generateScenario({
      seed: 2024,
      agents: 300,
      side: 32,
      attractors: 5,
      capacity: 30,
      rules: { prophecyInterval: 20, prophecyHorizon: 30, prophecyBranches: 6, erosionRate: 0.03 },
    }),
    ticks: 500,
    decrees: [{ before: 50, decree: { type: 'set-rule', payload: { rule: 'noise', value: 1.5 } } }],
  },
  {
    name: 'default rules, terrain',
    scenario: generateScenario({ seed: 7, agents: 120, side: 40, attractors: 6, terrain: true }),
    ticks: 250,
    decrees: [{ before: 30, decree: { type: 'shock', payload: { x: 20, y: 20, radius: 12, magnitude: 1 } } }],
  },
];

/** Hash of the NDJSON trace of one case on one engine version, events interleaved per tick. */
export function traceHash(c: Case, engineVersion: string): string {
  const hash = createHash('sha256');
  const sim = Simulation.create(c.scenario, { engineVersion });
  const byTick = new Map<number, DecreeInput[]>();
  for (const d of c.decrees) byTick.set(d.before, [...(byTick.get(d.before) ?? []), d.decree]);
  for (let t = 1; t <= c.ticks && !sim.completed; t++) {
    for (const decree of byTick.get(t) ?? []) sim.decree(decree, `ref-${t}`);
    sim.step(1, {
      onEvent: (event) => hash.update(JSON.stringify(event) + '\n'),
      onStep: (step) => hash.update(JSON.stringify(step) + '\n'),
    });
  }
  hash.update(JSON.stringify(sim.snapshot()));
  return hash.digest('hex');
}

for (const c of CASES) {
  for (const version of ENGINE_VERSIONS) console.log(`${traceHash(c, version)}  ${version}  ${c.name}`);
}
