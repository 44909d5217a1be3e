/**
 * One prophecy's branches on 1 thread and on 2 (docs/operations.md, "Prophecy threads"): the
 * milliseconds of a step that prophesies, with the engine's in-thread runner and with the API's
 * threaded one (the calling thread and one helper), taking turns, and the ratio of the two in
 * the same run, beside the load average. Also checks that both give the same bytes, and prints
 * what a small world's batch costs spread (every batch spread, no threshold) against
 * in-thread: where the break-even of DEFAULT_MIN_BATCH_WORK comes from.
 *
 * On a shared machine the wall-clock ratio says little: when the load exceeds the cores, the
 * scheduler gives a process's threads together about one share (Linux groups a session's
 * threads, sched_autogroup), so a second thread adds little wall time saved. So it also
 * prints, from each thread's CPU time (/proc/<pid>/task/<tid>/schedstat, nanoseconds), the
 * ratio the same split would give on two free cores: the single thread's CPU time over the
 * busier of the two threads' (the critical path), transfers and waits included. For the large
 * world it also times two copies of the 1-thread work side by side (twoThreadCeiling): the most
 * two threads can gain on this machine in that moment, and the runner's ratio as a share of it.
 *
 *   npx tsx apps/api/bench/run-all.ts prophecy-threads
 *   BENCH_PROPHECY_ROUNDS=5 … (default 3)
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { existsSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Simulation, type BranchRunner, type EngineSnapshot, type ScenarioInput } from '@sim/engine';
import { prebuiltScenario } from '../test/support/scenario-files.js';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { createThreadedBranchRunner } from '../src/engine-work/prophecy-threads/threaded-branch-runner.js';
import { stepEach } from './second-copy.worker.js';

const ROUNDS = Number(process.env.BENCH_PROPHECY_ROUNDS ?? 3);

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

/** CPU nanoseconds so far of each thread of this process (empty where /proc is missing). */
function threadCpuNs(): Map<string, number> {
  const dir = `/proc/${process.pid}/task`;
  const out = new Map<string, number>();
  if (!existsSync(dir)) return out;
  for (const tid of readdirSync(dir)) {
    try {
      out.set(tid, Number(readFileSync(`${dir}/${tid}/schedstat`, 'utf8').split(' ')[0]));
    } catch {
      // the thread ended between listing and reading
    }
  }
  return out;
}

/**
 * One step from each snapshot: its milliseconds, a hash of what it emitted, and the CPU
 * milliseconds of this thread and of the busiest other thread (the helper), per step.
 */
function prophesy(
  snapshots: readonly EngineSnapshot[],
  branchRunner: BranchRunner | undefined,
): { ms: number; hash: string; mainCpu: number; otherCpu: number } {
  const hash = createHash('sha256');
  let ms = 0;
  let mainCpu = 0;
  let otherCpu = 0;
  for (const snapshot of snapshots) {
    const sim = Simulation.restore(snapshot, branchRunner === undefined ? {} : { branchRunner });
    const events: unknown[] = [];
    const before = threadCpuNs();
    const start = performance.now();
    // The events only: building the trace step (every agent) is the same work on either side.
    sim.step(1, { onEvent: (event) => events.push(event) });
    ms += performance.now() - start;
    // Read before the hashing below, which costs the calling thread about 5 ms for crowded-large.
    const after = threadCpuNs();
    // What the prophecy said and left in the world, hashed outside the time and CPU measured.
    hash.update(JSON.stringify(events));
    hash.update(JSON.stringify(sim.snapshot()));
    let busiest = 0;
    for (const [tid, ns] of after) {
      const used = (ns - (before.get(tid) ?? 0)) / 1e6;
      if (tid === String(process.pid)) mainCpu += used;
      else busiest = Math.max(busiest, used);
    }
    otherCpu += busiest;
  }
  const n = snapshots.length;
  return { ms: ms / n, hash: hash.digest('hex'), mainCpu: mainCpu / n, otherCpu: otherCpu / n };
}

/**
 * The most two threads can gain on this machine now: the same work (restore and step each
 * snapshot, on one thread) timed alone, then as two copies at once, one on this thread and one
 * on a worker (second-copy.worker.ts). Two copies side by side share the memory bus and caches,
 * and on a shared machine the cores, so each runs slower than alone; split in two halves, the
 * work could at best go `2 × alone / together` times as fast as on one thread.
 */
async function twoThreadCeiling(snapshots: readonly EngineSnapshot[], rounds: number): Promise<{ alone: number; together: number; ceiling: number }> {
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs');
  const file = new URL('./second-copy.worker.ts', import.meta.url).pathname;
  const worker = new Worker(`require(${JSON.stringify(file)})`, {
    eval: true,
    execArgv: ['--conditions=@sim/source', '--require', tsx],
    workerData: { snapshots },
  });
  try {
    const run = (n: number): Promise<number[]> =>
      new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage(n);
      });
    await run(1); // the worker's engine loaded and compiled
    stepEach(snapshots);
    // Alone and together take turns, so that a change of the machine's load colours both.
    const alone: number[] = [];
    const together: number[] = [];
    for (let round = 0; round < rounds; round++) {
      alone.push(stepEach(snapshots));
      const theirs = run(1);
      const ours = stepEach(snapshots);
      together.push((ours + ((await theirs)[0] as number)) / 2);
    }
    return { alone: median(alone), together: median(together), ceiling: (2 * median(alone)) / median(together) };
  } finally {
    await worker.terminate();
  }
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const load = (): string =>
  loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

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
  const snapshots = beforeProphecies(prebuiltScenario(id), version, prophecies);
  // Warm-up: the helper's engine loaded and compiled, the JIT of both sides settled.
  prophesy(snapshots, runner);
  prophesy(snapshots, undefined);
  const one: number[] = [];
  const two: number[] = [];
  const cpuOne: number[] = [];
  const cpuTwo: number[] = [];
  let split = '';
  let same = true;
  for (let round = 0; round < ROUNDS; round++) {
    const a = prophesy(snapshots, undefined);
    const b = prophesy(snapshots, runner);
    one.push(a.ms);
    two.push(b.ms);
    cpuOne.push(a.mainCpu);
    cpuTwo.push(Math.max(b.mainCpu, b.otherCpu));
    split = `${b.mainCpu.toFixed(0)} + ${b.otherCpu.toFixed(0)}`;
    same &&= a.hash === b.hash;
  }
  const m1 = median(one);
  const m2 = median(two);
  const bound = id === 'crowded-large' ? await twoThreadCeiling(snapshots, ROUNDS) : undefined;
  const c1 = median(cpuOne);
  const c2 = median(cpuTwo);
  console.log(
    `${name}: ${m1.toFixed(1)} ms per prophecy on 1 thread, ${m2.toFixed(1)} on 2: 1 thread / 2 threads = ${(m1 / m2).toFixed(2)} (target ≥ 1.7 on the large world); ` +
      `CPU ${c1.toFixed(0)} ms on 1 thread, ${split} ms on 2 (calling thread + helper, last round): on two free cores ${(c1 / c2).toFixed(2)}; same bytes: ${same ? 'yes' : 'NO'}; load ${load()}`,
  );
  if (bound !== undefined)
    console.log(
      `  two copies of the 1-thread work side by side: ${bound.alone.toFixed(1)} ms alone, ${bound.together.toFixed(1)} ms each together: ` +
        `the most 2 threads could gain here is ${bound.ceiling.toFixed(2)}×; the runner reached ${(m1 / m2 / bound.ceiling).toFixed(2)} of it; load ${load()}`,
    );
}
console.log(`helpers replaced: ${threaded.replaced + everyBatch.replaced}; load average after: ${load()}`);
await Promise.all([threaded.close(), everyBatch.close()]);
