import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BranchWorkspace, Simulation, type BranchGround, type BranchJob, type BranchOutcome, type BranchRunner } from '../src/index.js';
import { registerDomainModel } from '../src/domain/registry.js';
import { reservoirModel } from './domain/reservoir-model.js';
import { loadScenarios, readPinned } from './golden/trace-hash.js';
import { runnable } from './scenario-files.js';

/**
 * The branch runner port (docs/engine.md, "Branches on several threads"): however a runner
 * spreads a prophecy's branch jobs, a step gives the pinned golden bytes. The runner here does
 * what a runner on other threads does at its worst: it ships the world as plain data through a
 * structured clone into a fresh workspace at every call (so no kept branch world survives, and
 * an extension to the window forks its branch afresh) and runs the jobs in reverse order.
 */

const pinned = readPinned();
const scenarios = loadScenarios();

/** Runs the jobs on a workspace rebuilt from cloned data; like a helper thread, it is sent a world's ground once and keeps it. */
function elsewhereRunner(): BranchRunner & { jobs: number; calls: number; groundsSent: number } {
  let held: { key: object; ground: BranchGround } | null = null;
  const runner = {
    jobs: 0,
    calls: 0,
    groundsSent: 0,
    run(workspace: BranchWorkspace, jobs: readonly BranchJob[]): BranchOutcome[] {
      runner.calls++;
      runner.jobs += jobs.length;
      const data = structuredClone(workspace.data(held?.key !== workspace.groundKey));
      if (data.ground !== null) {
        runner.groundsSent++;
        held = { key: workspace.groundKey, ground: data.ground };
      }
      const elsewhere = BranchWorkspace.fromData(data, held?.ground);
      const outcomes: BranchOutcome[] = [];
      for (let j = jobs.length - 1; j >= 0; j--) outcomes[j] = structuredClone(elsewhere.run(structuredClone(jobs[j] as BranchJob)));
      return outcomes;
    },
  };
  return runner;
}

function traceHash(id: string, engineVersion: string, ticks: number, branchRunner: BranchRunner): string {
  const file = scenarios.get(id);
  if (file === undefined) throw new Error(`no scenario ${id}`);
  const hash = createHash('sha256');
  const simulation = Simulation.create(runnable(file), { engineVersion, branchRunner });
  simulation.step(ticks, { onStep: (step) => hash.update(`${JSON.stringify(step)}\n`) });
  return hash.digest('hex');
}

describe('a branch runner that runs the jobs elsewhere', () => {
  it.each([
    ['fixed-point-unstable', '1.4.0'],
    ['fixed-point-unstable', '1.3.0'],
    ['fixed-point-unstable', '1.2.0'],
    ['prophecy-postponed', '1.3.0'],
    ['prophecy-postponed', '1.2.0'],
    ['self-defeating-prophecy', '1.3.0'],
  ])(
    '%s under %s: the pinned golden trace',
    (id, version) => {
      const golden = pinned?.scenarios[id];
      expect(golden?.hashes[version]).toBeDefined();
      const runner = elsewhereRunner();
      expect(traceHash(id, version, golden?.ticks ?? 0, runner)).toBe(golden?.hashes[version]);
      expect(runner.jobs).toBeGreaterThan(0);
      // One world: its ground crossed once, every later prophecy came without it.
      expect(runner.groundsSent).toBe(1);
    },
    240_000,
  );

  it('is not asked under 1.0.0 and 1.1.0, whose branches run on the calling thread', () => {
    const golden = pinned?.scenarios['prophecy-postponed'];
    for (const version of ['1.0.0', '1.1.0']) {
      const runner = elsewhereRunner();
      expect(traceHash('prophecy-postponed', version, golden?.ticks ?? 0, runner)).toBe(golden?.hashes[version]);
      expect(runner.calls).toBe(0);
    }
  }, 240_000);

  it('carries a domain model (1.4.0) to the branches: the same bytes as on the calling thread', () => {
    registerDomainModel(reservoirModel);
    const scenario = {
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
      rules: { prophecyInterval: 6, prophecyHorizon: 20, reflexivity: 0.9, erosionRate: 0.5, recoveryRate: 0, maxTicks: 200 },
      domain: { model: 'test-reservoir', parameters: { sites: [{ attractor: 'tank', inflow: 1, capacity: 20 }], jitter: 0.7, cut: 1 } },
    };
    const hashOf = (branchRunner?: BranchRunner): string => {
      const hash = createHash('sha256');
      const simulation = Simulation.create(scenario, branchRunner === undefined ? { engineVersion: '1.4.0' } : { engineVersion: '1.4.0', branchRunner });
      simulation.step(60, { onEvent: (event) => hash.update(JSON.stringify(event)), onStep: (step) => hash.update(JSON.stringify(step)) });
      return hash.digest('hex');
    };
    const runner = elsewhereRunner();
    expect(hashOf(runner)).toBe(hashOf());
    expect(runner.jobs).toBeGreaterThan(0);
  });

  it('carries what decrees changed (attractors and agents added and removed) to the branches', () => {
    const hashOf = (branchRunner?: BranchRunner): string => {
      const hash = createHash('sha256');
      const file = scenarios.get('fixed-point-unstable');
      if (file === undefined) throw new Error('no scenario fixed-point-unstable');
      const simulation = Simulation.create(runnable(file), branchRunner === undefined ? { engineVersion: '1.4.0' } : { engineVersion: '1.4.0', branchRunner });
      const step = (ticks: number): void => {
        simulation.step(ticks, { onEvent: (event) => hash.update(JSON.stringify(event)), onStep: (s) => hash.update(JSON.stringify(s)) });
      };
      step(20);
      const [first] = simulation.snapshot().attractors.ids;
      simulation.decree({ type: 'add-attractor', payload: { id: 'late-well', x: 2, y: 2, depth: 1.5, radius: 2, capacity: 40 } });
      simulation.decree({ type: 'add-agent', payload: { id: 'late-agent', marker: { x: 2.5, y: 2.5 }, attractorPreferences: { 'late-well': 3 } } });
      step(20);
      if (first !== undefined) simulation.decree({ type: 'remove-attractor', payload: { id: first } });
      simulation.decree({ type: 'remove-agent', payload: { id: simulation.snapshot().agents.ids[0] as string } });
      step(30);
      return hash.digest('hex');
    };
    const runner = elsewhereRunner();
    expect(hashOf(runner)).toBe(hashOf());
    expect(runner.jobs).toBeGreaterThan(0);
  }, 240_000);

  it('refuses world data it cannot read, and a world without its ground when none is held', () => {
    expect(() => BranchWorkspace.fromData({ format: 'branch-world/2', version: '0.9.0', fields: {}, ground: null })).toThrow(/not a branch world/);
    const refusals: string[] = [];
    const runner: BranchRunner = {
      run(workspace, jobs) {
        try {
          BranchWorkspace.fromData(structuredClone(workspace.data(false)));
        } catch (error) {
          refusals.push(error instanceof Error ? error.message : String(error));
        }
        return jobs.map((job) => workspace.run(job));
      },
    };
    const file = scenarios.get('fixed-point-unstable');
    if (file === undefined) throw new Error('no scenario fixed-point-unstable');
    Simulation.create(runnable(file), { engineVersion: '1.4.0', branchRunner: runner }).step(31);
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.every((message) => /without its ground/.test(message))).toBe(true);
  });
});
