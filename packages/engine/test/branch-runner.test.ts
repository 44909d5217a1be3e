import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BranchWorkspace, Simulation, type BranchJob, type BranchOutcome, type BranchRunner } from '../src/index.js';
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

function elsewhereRunner(): BranchRunner & { jobs: number; calls: number } {
  const runner = {
    jobs: 0,
    calls: 0,
    run(workspace: BranchWorkspace, jobs: readonly BranchJob[]): BranchOutcome[] {
      runner.calls++;
      runner.jobs += jobs.length;
      const elsewhere = BranchWorkspace.fromData(structuredClone(workspace.data()));
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
    ['fixed-point-unstable', '1.3.0'],
    ['fixed-point-unstable', '1.2.0'],
    ['prophecy-postponed', '1.3.0'],
    ['prophecy-postponed', '1.2.0'],
    ['self-defeating-prophecy', '1.3.0'],
  ])('%s under %s: the pinned golden trace', (id, version) => {
    const golden = pinned?.scenarios[id];
    expect(golden?.hashes[version]).toBeDefined();
    const runner = elsewhereRunner();
    expect(traceHash(id, version, golden?.ticks ?? 0, runner)).toBe(golden?.hashes[version]);
    expect(runner.jobs).toBeGreaterThan(0);
  }, 240_000);

  it('is not asked under 1.0.0 and 1.1.0, whose branches run on the calling thread', () => {
    const golden = pinned?.scenarios['prophecy-postponed'];
    for (const version of ['1.0.0', '1.1.0']) {
      const runner = elsewhereRunner();
      expect(traceHash('prophecy-postponed', version, golden?.ticks ?? 0, runner)).toBe(golden?.hashes[version]);
      expect(runner.calls).toBe(0);
    }
  }, 240_000);

  it('refuses world data it cannot read', () => {
    expect(() => BranchWorkspace.fromData({ format: 'branch-world/1', version: '0.9.0', fields: {} })).toThrow(/not a branch world/);
  });
});
