/**
 * One prophecy's branches on 1 thread and on 2 (docs/operations.md, "Prophecy threads"): the
 * milliseconds of a step that prophesies, with the engine's in-thread runner and with the API's
 * threaded one (the calling thread and one helper), taking turns, and the ratio of the two in
 * the same run, beside the load average (the machine is shared: a ratio under 2 is partly
 * other people's work). Also checks that both give the same bytes, and prints what a small
 * world's batch costs spread (every batch spread, no threshold) against in-thread: where the
 * break-even of DEFAULT_MIN_BATCH_WORK comes from.
 *
 *   npx tsx apps/api/bench/run-all.ts prophecy-threads
 *   BENCH_PROPHECY_ROUNDS=5 … (default 3)
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Simulation, type BranchRunner, type EngineSnapshot, type ScenarioInput } from '@sim/engine';
import { createThreadedBranchRunner } from '../src/engine-work/prophecy-threads/threaded-branch-runner.js';

const ROUNDS = Number(process.env.BENCH_PROPHECY_ROUNDS ?? 3);
const SCENARIOS = new URL('../../../scenarios/', import.meta.url);

function scenario(id: string): ScenarioInput {
  const { id: _id, label: _label, tags: _tags, note: _note, ...rest } = JSON.parse(readFileSync(new URL(`${id}.json`, SCENARIOS), 'utf8')) as ScenarioInput & { id: string; label: string; tags: string[]; note: string };
  return rest;
}

/** Snapshots just before each of the first `count` prophecies (one tick before each is due). */
function beforeProphecies(input: ScenarioInput, engineVersion: string, count: number): EngineSnapshot[] {
  const sim = Simulation.create(input, { engineVersion });
  const interval = input.rules?.prophecyInterval ?? 25;
  const found: EngineSnapshot[] = [];
  for (let k = 1; k <= count && !sim.completed; k++) {
    sim.step(k * interval - 1 - sim.tick);
    found.push(sim.snapshot());
  }
  return found;
}

/** One step from each snapshot: its milliseconds, and a hash of what it emitted. */
function prophesy(snapshots: readonly EngineSnapshot[], branchRunner: BranchRunner | undefined): { ms: number; hash: string } {
  const hash = createHash('sha256');
  let ms = 0;
  for (const snapshot of snapshots) {
    const sim = Simulation.restore(snapshot, branchRunner === undefined ? {} : { branchRunner });
    const start = performance.now();
    sim.step(1, { onStep: (step) => hash.update(JSON.stringify(step)), onEvent: (event) => hash.update(JSON.stringify(event)) });
    ms += performance.now() - start;
  }
  return { ms: ms / snapshots.length, hash: hash.digest('hex') };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const load = (): string => loadavg().map((v) => v.toFixed(2)).join(' ');

const threaded = createThreadedBranchRunner({ threads: 2 });
const everyBatch = createThreadedBranchRunner({ threads: 2, minBatchWork: 0 });
console.log(`load average before: ${load()}`);
const cases: { name: string; id: string; version: string; prophecies: number; runner: BranchRunner }[] = [
  { name: 'crowded-large 1.3.0', id: 'crowded-large', version: '1.3.0', prophecies: 4, runner: threaded },
  { name: 'crowded-large 1.2.0', id: 'crowded-large', version: '1.2.0', prophecies: 2, runner: threaded },
  { name: 'prophecy-postponed 1.3.0 (340 agents)', id: 'prophecy-postponed', version: '1.3.0', prophecies: 4, runner: threaded },
  { name: 'fixed-point-unstable 1.3.0 (20 agents), every batch spread', id: 'fixed-point-unstable', version: '1.3.0', prophecies: 4, runner: everyBatch },
  { name: 'fixed-point-unstable 1.3.0 (20 agents), default threshold', id: 'fixed-point-unstable', version: '1.3.0', prophecies: 4, runner: threaded },
];
for (const { name, id, version, prophecies, runner } of cases) {
  const snapshots = beforeProphecies(scenario(id), version, prophecies);
  // Warm-up: the helper's engine loaded and compiled, the JIT of both sides settled.
  prophesy(snapshots, runner);
  prophesy(snapshots, undefined);
  const one: number[] = [];
  const two: number[] = [];
  let same = true;
  for (let round = 0; round < ROUNDS; round++) {
    const a = prophesy(snapshots, undefined);
    const b = prophesy(snapshots, runner);
    one.push(a.ms);
    two.push(b.ms);
    same &&= a.hash === b.hash;
  }
  const m1 = median(one);
  const m2 = median(two);
  console.log(
    `${name}: ${m1.toFixed(1)} ms per prophecy on 1 thread, ${m2.toFixed(1)} on 2: 1 thread / 2 threads = ${(m1 / m2).toFixed(2)} (target ≥ 1.7 on the large world); same bytes: ${same ? 'yes' : 'NO'}; load ${load()}`,
  );
}
console.log(`helpers replaced: ${threaded.replaced + everyBatch.replaced}; load average after: ${load()}`);
await Promise.all([threaded.close(), everyBatch.close()]);
