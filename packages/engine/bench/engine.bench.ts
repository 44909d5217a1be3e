/**
 * Engine throughput and memory. Prints figures; asserts nothing (CI machines differ).
 *
 *   pnpm bench            (root, through turbo)
 *   pnpm --filter @sim/engine bench
 *
 * Every scenario is generated in code from fixed numbers, so runs compare like with like.
 * Steps run without an observer: the caller keeps no records, which is how a server that only
 * persists snapshots drives the engine, and what the heap check measures.
 */
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { RULE_DEFAULTS, Simulation } from '../src/index.js';
import { floorTick, floorWorld } from './floor-loop.js';
import { generateScenario } from './generate-scenario.js';

/** A full collection, so heap figures mean live data rather than garbage not yet collected. */
function exposeGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (typeof existing === 'function') return existing;
  // Without --expose-gc (plain `tsx bench/...`), turn the flag on now and fetch gc from a
  // fresh context: V8 installs it there once the flag is set.
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
const gc = exposeGc();

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const fmt = (n: number): string => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} M` : n >= 1e3 ? `${(n / 1e3).toFixed(1)} k` : n.toFixed(0));

function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

interface Size {
  agents: number;
  side: number;
}
const SIZES: Size[] = [
  { agents: 10, side: 16 },
  { agents: 1_000, side: 64 },
  { agents: 10_000, side: 128 },
];
/** A handful of wells, as in the scenarios of `scenarios/`; the pull loop is O(agents × attractors). */
const ATTRACTORS = 4;
/** Wall time spent measuring each case, after warm-up. */
const BUDGET_MS = Number(process.env.BENCH_BUDGET_MS ?? 2_000);
/** The largest maxTicks a scenario may ask for; the smallest case stops short of it rather than complete. */
const MAX_TICKS = 1_000_000;

function scenarioFor(size: Size, prophecies: boolean, attractors = ATTRACTORS) {
  return generateScenario({
    seed: 1_000 + size.agents,
    agents: size.agents,
    side: size.side,
    attractors,
    // Default prophecy rules when on; `prophecyInterval: 0` switches them off.
    rules: { maxTicks: MAX_TICKS, ...(prophecies ? {} : { prophecyInterval: 0 }) },
  });
}

interface Measured {
  ticksPerSecond: number;
  /** Ticks per second of this process's CPU time: steadier than wall time on a shared machine. */
  ticksPerCpuSecond: number;
  heap: number;
}

const cpuSeconds = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
};

/** Steps in chunks of whole prophecy intervals until the budget is spent. */
function measure(size: Size, prophecies: boolean, attractors = ATTRACTORS): Measured {
  const sim = Simulation.create(scenarioFor(size, prophecies, attractors));
  const chunk = prophecies ? RULE_DEFAULTS.prophecyInterval : Math.max(1, Math.round(20_000 / size.agents));
  sim.step(chunk * 2); // warm-up: let the JIT settle on the hot loop
  let ticks = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < BUDGET_MS && sim.tick + chunk < MAX_TICKS && !sim.completed) {
    ticks += sim.step(chunk);
    elapsed = performance.now() - start;
  }
  const cpuUsed = cpuSeconds(cpu);
  if (sim.completed) console.warn(`  (completed at tick ${sim.tick}: ${sim.state().completion})`);
  return { ticksPerSecond: (ticks * 1000) / elapsed, ticksPerCpuSecond: ticks / cpuUsed, heap: heapUsed() };
}

function printRow(size: Size, prophecies: boolean, attractors: number, { ticksPerSecond, ticksPerCpuSecond, heap }: Measured): void {
  console.log(
    [
      String(size.agents).padStart(6),
      `${size.side}×${size.side}`.padEnd(9),
      String(attractors).padStart(5),
      (prophecies ? 'on' : 'off').padEnd(10),
      fmt(ticksPerSecond).padStart(9),
      fmt(ticksPerSecond * size.agents).padStart(13),
      fmt(ticksPerCpuSecond * size.agents).padStart(17),
      mib(heap).padStart(11),
    ].join('  '),
  );
}

console.log(`@sim/engine benchmark: default rules, ${BUDGET_MS} ms per case, node ${process.version}\n`);
console.log('agents  grid      wells  prophecies  ticks/s    agent-ticks/s  agent-ticks/cpu-s    heap used');
for (const size of SIZES) {
  for (const prophecies of [false, true]) printRow(size, prophecies, ATTRACTORS, measure(size, prophecies));
}
// The largest size again with as many wells as scenarios/crowded-large.json.
const largest = SIZES[SIZES.length - 1] as Size;
printRow(largest, false, 9, measure(largest, false, 9));

// The engine against the floor loop of the same work (bench/floor-loop.ts): the largest size,
// prophecies off, in alternating rounds of CPU time so that both see the same machine.
{
  const size = largest;
  const scenario = scenarioFor(size, false);
  const sim = Simulation.create(scenario);
  const floor = floorWorld(scenario as Parameters<typeof floorWorld>[0]);
  const round = 30;
  sim.step(round);
  for (let t = 0; t < round; t++) floorTick(floor);
  let engineCpu = 0;
  let floorCpu = 0;
  for (let rounds = 0; engineCpu + floorCpu < (2 * BUDGET_MS) / 1000; rounds++) {
    let since = process.cpuUsage();
    sim.step(round);
    engineCpu += cpuSeconds(since);
    since = process.cpuUsage();
    for (let t = 0; t < round; t++) floorTick(floor);
    floorCpu += cpuSeconds(since);
  }
  console.log(
    `\nengine vs the floor loop of the same work, ${size.agents} agents, ${ATTRACTORS} wells, prophecies off:` +
      `\n  engine ${((engineCpu / floorCpu) * 1).toFixed(2)}× the floor's CPU time per tick: throughput ratio ${(floorCpu / engineCpu).toFixed(2)} (target ≥ 0.7)`,
  );
}

// Heap growth: the largest size, prophecies off, 10 000 ticks with no records kept. A tick
// allocates a few small objects (the move string, the losses list) and nothing per agent, so
// the live heap after the run should be what it was before, give or take noise.
{
  const size = largest;
  const ticks = 10_000;
  const sim = Simulation.create(scenarioFor(size, false));
  sim.step(100);
  const before = heapUsed();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const done = sim.step(ticks);
  const seconds = (performance.now() - start) / 1000;
  const cpuUsed = cpuSeconds(cpu);
  const after = heapUsed();
  const delta = after - before;
  console.log(
    `\nheap growth over ${done} ticks of ${size.agents} agents on ${size.side}×${size.side}, prophecies off:` +
      `\n  before ${mib(before)}, after ${mib(after)}, delta ${delta >= 0 ? '+' : ''}${(delta / 1024).toFixed(1)} KiB` +
      `\n  (${fmt((done * size.agents) / seconds)} agent-ticks/s over the run, ${fmt((done * size.agents) / cpuUsed)} per cpu-second)`,
  );
}

// Prophecy cost by engine version. One prophecy (the first, at tick 25, default rules) on
// worlds whose wells are overloaded, so that it forecasts losses and agents have something to
// react to: 1.1.0 runs one ensemble over the horizon; 1.2.0 adds the counterfactual and looks
// twice as far (attribution); the fixed-point mode runs up to fixedPointIterations more.
{
  const cases: { label: string; version: string; rules: Record<string, number> }[] = [
    { label: '1.1.0', version: '1.1.0', rules: {} },
    { label: '1.2.0 attribution', version: '1.2.0', rules: {} },
    { label: '1.2.0 fixed point (4)', version: '1.2.0', rules: { fixedPointIterations: 4 } },
    // Agents that flee every forecast loss make a consistent forecast rare: the search runs long.
    { label: '1.2.0 fixed point, ρ = 1', version: '1.2.0', rules: { fixedPointIterations: 4, reflexivity: 1 } },
    // 1.3.0: the same ensembles, more branch pairs while a verdict is open, bisection for fixed points.
    { label: '1.3.0 calibrated', version: '1.3.0', rules: {} },
    { label: '1.3.0 fixed point (4)', version: '1.3.0', rules: { fixedPointIterations: 4 } },
    { label: '1.3.0 fixed point, ρ = 1', version: '1.3.0', rules: { fixedPointIterations: 4, reflexivity: 1 } },
  ];
  console.log('\nprophecy cost: the tick that makes prophecy 1 (tick 25), best of 3, overloaded wells');
  console.log('agents  engine                     ms/prophecy  ensembles  × 1.1.0');
  for (const agents of [1_000, 10_000]) {
    const size = SIZES.find((s) => s.agents === agents) as Size;
    let baseline = 0;
    for (const { label, version, rules } of cases) {
      let best = Infinity;
      let ensembles = 1;
      for (let round = 0; round < 3; round++) {
        const scenario = generateScenario({
          seed: 1_000 + agents,
          agents,
          side: size.side,
          attractors: ATTRACTORS,
          capacity: agents / 14,
          rules: { maxTicks: MAX_TICKS, ...rules },
        });
        const sim = Simulation.create(scenario, { engineVersion: version });
        sim.step(RULE_DEFAULTS.prophecyInterval - 1);
        const start = performance.now();
        sim.step(1, {
          onEvent: (e) => {
            if (e.type === 'prophecy' && (e.data.data.schema === 'prophecy/3' || e.data.data.schema === 'prophecy/4')) ensembles = e.data.data.ensembles;
          },
        });
        best = Math.min(best, performance.now() - start);
      }
      if (version === '1.1.0') baseline = best;
      console.log(
        [
          String(agents).padStart(6),
          label.padEnd(25),
          best.toFixed(0).padStart(11),
          String(ensembles).padStart(9),
          `${(best / baseline).toFixed(1)}×`.padStart(8),
        ].join('  '),
      );
    }
  }
}
