import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { Simulation, type BranchRunner, type ScenarioInput } from '@sim/engine';
import { listAdapters, translate } from '@sim/domain-adapters';
import { createThreadedBranchRunner, type ThreadedBranchRunner } from '../../src/engine-work/prophecy-threads/threaded-branch-runner.js';
import { defaultProphecyThreads } from '../../src/engine-work/prophecy-threads/prophecy-thread-count.js';
import { runEngineTask } from '../../src/engine-work/run-engine-task.js';
import { createWorkerPoolRunner } from '../../src/engine-work/worker-pool-runner.js';
import type { AdvanceTask } from '../../src/engine-work/engine-task.js';

/**
 * One prophecy's branches spread over helper threads (docs/operations.md, "Prophecy threads";
 * docs/engine.md, "Branches on several threads"): the same bytes as the engine's in-thread
 * runner, whoever computes which branch, and a helper that hangs, dies or fails never hangs
 * nor changes a step.
 */

function scenario(id: string): ScenarioInput {
  // A domain adapter's worked example (engine 1.4.0 domain models: SEIR, stocks and flows…).
  const adapter = listAdapters().find((candidate) => `domain:${candidate.id}` === id);
  if (adapter !== undefined) {
    const translated = translate(adapter.id, adapter.example);
    if (!translated.ok) throw new Error(`the ${adapter.id} example does not translate`);
    return translated.scenario;
  }
  const {
    id: _id,
    label: _label,
    tags: _tags,
    note: _note,
    ...rest
  } = JSON.parse(readFileSync(new URL(`../../../../scenarios/${id}.json`, import.meta.url), 'utf8')) as ScenarioInput & {
    id: string;
    label: string;
    tags: string[];
    note: string;
  };
  return rest;
}

/** Every trace step and event of `ticks` ticks, hashed, and how many prophecies were made. */
function run(id: string, engineVersion: string, ticks: number, branchRunner?: BranchRunner): { hash: string; prophecies: number } {
  const hash = createHash('sha256');
  let prophecies = 0;
  const sim = Simulation.create(scenario(id), branchRunner === undefined ? { engineVersion } : { engineVersion, branchRunner });
  sim.step(ticks, {
    onEvent: (event) => {
      if (event.type === 'prophecy') prophecies++;
      hash.update(JSON.stringify(event));
    },
    onStep: (step) => hash.update(JSON.stringify(step)),
  });
  // A snapshot holds what the prophecies left in the world (the standing forecast, verdicts awaited).
  hash.update(JSON.stringify(sim.snapshot()));
  return { hash: hash.digest('hex'), prophecies };
}

const runners: ThreadedBranchRunner[] = [];
function runner(options: Parameters<typeof createThreadedBranchRunner>[0]): ThreadedBranchRunner {
  const created = createThreadedBranchRunner(options);
  runners.push(created);
  return created;
}
afterAll(async () => {
  await Promise.all(runners.map((created) => created.close()));
});

const CASES: { id: string; version: string; ticks: number }[] = [
  { id: 'prophecy-postponed', version: '1.4.0', ticks: 100 },
  ...listAdapters().map((adapter) => ({ id: `domain:${adapter.id}`, version: '1.4.0', ticks: 60 })),
  { id: 'prophecy-postponed', version: '1.3.0', ticks: 100 },
  { id: 'prophecy-postponed', version: '1.2.0', ticks: 100 },
  { id: 'fixed-point-unstable', version: '1.3.0', ticks: 100 },
  { id: 'fixed-point-unstable', version: '1.2.0', ticks: 100 },
  { id: 'self-defeating-prophecy', version: '1.3.0', ticks: 100 },
  { id: 'prophecy-self-fulfilling', version: '1.3.0', ticks: 12 },
  { id: 'crowded-large', version: '1.3.0', ticks: 26 },
  { id: 'crowded-large', version: '1.2.0', ticks: 26 },
];

describe('branches on helper threads', () => {
  it.each(CASES)(
    '$id under $version: the same bytes when helpers compute every branch',
    async ({ id, version, ticks }) => {
      // Two helpers and no share for the calling thread: every branch is a helper's, and a branch
      // kept after the horizon (1.3.0) is continued by whichever helper kept it.
      const helpers = runner({ threads: 3, minBatchWork: 0, shareHere: false });
      await helpers.ready();
      const alone = run(id, version, ticks);
      const spread = run(id, version, ticks, helpers);
      expect(alone.prophecies).toBeGreaterThan(0);
      expect(spread).toEqual(alone);
      expect(helpers.spread).toBeGreaterThan(0);
      expect(helpers.helperJobs).toBeGreaterThan(0);
      expect(helpers.replaced).toBe(0);
    },
    240_000,
  );

  it('the same bytes with the defaults: the calling thread and a helper share, small batches stay here', async () => {
    const shared = runner({ threads: 2 });
    await shared.ready();
    for (const [id, version, ticks] of [
      ['prophecy-postponed', '1.3.0', 60],
      ['fixed-point-unstable', '1.3.0', 40],
    ] as const) {
      expect(run(id, version, ticks, shared)).toEqual(run(id, version, ticks));
    }
    // fixed-point-unstable's batches (20 agents) are below the break-even: they ran here.
    expect(shared.spread).toBeGreaterThan(0);
  }, 240_000);
});

describe("the server's engine workers", () => {
  it('with SIM_PROPHECY_THREADS 2, an advance gives what the engine alone gives', async () => {
    const pool = createWorkerPoolRunner({ threads: 1, prophecyThreads: 2 });
    try {
      const task: AdvanceTask = {
        kind: 'advance',
        from: { scenario: scenario('crowded-large'), engineVersion: '1.3.0' },
        ticks: 26,
        keepSteps: true,
        checkpointEvery: 0,
      };
      const pooled = await pool.advance(task);
      const alone = runEngineTask(task);
      expect(pooled.events.some((event) => event.type === 'prophecy')).toBe(true);
      expect(JSON.stringify(pooled)).toBe(JSON.stringify(alone));
    } finally {
      await pool.close();
    }
  }, 240_000);
});

describe('a helper that misbehaves', () => {
  it.each(['hang', 'exit', 'fail'] as const)(
    'one that claims jobs and then %ss: the step ends, with the same bytes',
    async (fault) => {
      const faulty = runner({
        threads: 2,
        minBatchWork: 0,
        shareHere: false,
        minWaitMs: 300,
        helperModule: new URL(`./fixtures/${fault}-branch-helper.ts`, import.meta.url),
      });
      await faulty.ready();
      const started = performance.now();
      const spread = run('fixed-point-unstable', '1.3.0', 65, faulty);
      const took = performance.now() - started;
      expect(spread).toEqual(run('fixed-point-unstable', '1.3.0', 65));
      expect(spread.prophecies).toBe(2);
      expect(faulty.helperJobs).toBe(0);
      // A helper that holds its jobs past the wait is taken for dead and replaced; one that
      // answers "failed" is not (its jobs simply run on the calling thread).
      if (fault === 'fail') expect(faulty.replaced).toBe(0);
      else expect(faulty.replaced).toBeGreaterThan(0);
      // Each batch waits at most the minimum wait (the batches here take milliseconds): far
      // from a hang, however loaded the machine.
      expect(took).toBeLessThan(120_000);
    },
    240_000,
  );
});

describe('defaultProphecyThreads', () => {
  it('shares the cores out among the engine workers, at least one each', () => {
    expect(defaultProphecyThreads(1, 2)).toBe(2);
    expect(defaultProphecyThreads(7, 8)).toBe(1);
    expect(defaultProphecyThreads(3, 16)).toBe(5);
    expect(defaultProphecyThreads(4, 2)).toBe(1);
    for (const [workers, cores] of [
      [1, 2],
      [2, 8],
      [3, 16],
      [7, 8],
    ] as const)
      expect(workers * defaultProphecyThreads(workers, cores)).toBeLessThanOrEqual(cores);
  });
});
