/**
 * Charged agent-ticks against engine milliseconds, per kind of work
 * (docs/api.md, "Engine work", "Cost model: agent-ticks"): the work budget is fair only if each kind is charged at a
 * rate that matches what it costs a worker. Every task runs here, on this thread, exactly as a
 * worker runs it (runEngineTask), on a world of 10 000 agents without prophecies; each kind's
 * milliseconds per charged agent-tick is printed as a ratio to a step's, measured in the same
 * run. The target: every ratio between 0.5 and 2.
 */
import { Simulation, type ScenarioInput } from '@sim/engine';
import { performance } from 'node:perf_hooks';
import { encodeCheckpoint } from '../src/engine-work/checkpoint-codec.js';
import { runEngineTask } from '../src/engine-work/run-engine-task.js';
import type { ReplayResult, ReplayTask } from '../src/engine-work/engine-task.js';
import { stretchLimits } from '../src/engine-work/replay-history.js';
import { estimateReplay } from '../src/simulations/simulation-history-reads.js';
import { parseMetric } from '../src/engine-data/experiment-metrics.js';
import { estimateWork, runCost, scenarioShape, stepCost, translationCost, worldSetupCost } from '../src/engine-data/work-cost.js';
import { bankRunAdapter, epidemicAdapter, translate } from '@sim/domain-adapters';

const AGENTS = 10_000;
const scenario: ScenarioInput = {
  seed: 3,
  agents: Array.from({ length: AGENTS }, (_, i) => ({ id: `a${i}`, marker: { x: (i * 37) % 128, y: (i * 91) % 128 } })),
  initialState: { width: 128, height: 128, attractors: [{ id: 'w', x: 64, y: 64, depth: 3, radius: 12, capacity: 20_000 }] },
  rules: { prophecyInterval: 0 },
} as ScenarioInput;
const engineVersion = '1.2.0';
const shape = scenarioShape(scenario, engineVersion);

/** The median milliseconds of `repeat` runs of `task`, after one to warm up. */
function timed(repeat: number, task: () => unknown): number {
  task();
  const samples: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const started = performance.now();
    task();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] as number;
}

const world = Simulation.create(scenario, { engineVersion });
for (let i = 0; i < 5; i++) world.step();
const snapshot = { json: JSON.stringify(world.snapshot()) };
const checkpoint = encodeCheckpoint(world);
const STEP_TICKS = 20;

const kinds: Array<{ kind: string; charged: number; ms: number }> = [];
// A step resumes its world from the stored snapshot and writes it back: its fixed cost, charged
// as WORLD_RESUME_TICKS per agent (stepCost), whatever its ticks.
kinds.push({
  kind: `step of ${STEP_TICKS} ticks`,
  charged: stepCost(estimateWork(shape, 5, STEP_TICKS), shape.cells).cost,
  ms: timed(3, () => runEngineTask({ kind: 'advance', from: { snapshot }, ticks: STEP_TICKS, keepSteps: false, checkpointEvery: 0 })),
});
kinds.push({
  kind: 'step of 1 tick',
  charged: stepCost(estimateWork(shape, 5, 1), shape.cells).cost,
  ms: timed(3, () => runEngineTask({ kind: 'advance', from: { snapshot }, ticks: 1, keepSteps: false, checkpointEvery: 0 })),
});
// A run builds its world and computes its ticks, then builds it again to replay them for the response.
kinds.push({
  kind: 'run of 1 tick (computed, then replayed)',
  charged: runCost(estimateWork(shape, 0, 1), shape.cells).cost,
  ms: timed(3, () => {
    runEngineTask({ kind: 'advance', from: { scenario, engineVersion }, ticks: 1, keepSteps: false, checkpointEvery: 0 });
    runEngineTask({
      kind: 'replay',
      from: { scenario, engineVersion },
      inputs: [],
      untilTick: 1,
      stepsFromTick: 0,
      format: 'lines',
      budgetMs: 1_000,
      maxOutput: 100_000_000,
    });
  }),
});
kinds.push({
  kind: 'states/{tick}: a checkpoint and 1 tick',
  charged: estimateWork(shape, 5, 1).cost + worldSetupCost(AGENTS, shape.cells),
  ms: timed(3, () =>
    runEngineTask({
      kind: 'replay',
      from: { checkpoint },
      inputs: [],
      untilTick: 6,
      stepsFromTick: 6,
      format: 'object',
      budgetMs: 1_000,
      maxOutput: 1_000_000,
    }),
  ),
});
kinds.push({
  kind: 'states/0: the scenario built',
  charged: worldSetupCost(AGENTS, shape.cells),
  ms: timed(3, () => runEngineTask({ kind: 'create', scenario, engineVersion, keepSnapshot: false })),
});
// A domain input's translation, for the adapter slowest and fastest per agent.
for (const adapter of [epidemicAdapter, bankRunAdapter]) {
  const translated = translate(adapter.id, adapter.example);
  if (!translated.ok) throw new Error(`${adapter.id}: its example does not translate`);
  kinds.push({
    kind: `translation of the ${adapter.id} example (${translated.scenario.agents.length} agents)`,
    charged: translationCost(translated.scenario.agents.length),
    ms: timed(5, () => runEngineTask({ kind: 'translate', domain: adapter.id, input: adapter.example })),
  });
}
const metrics = [parseMetric('losses'), parseMetric('minStability')].filter((m) => typeof m !== 'string');
kinds.push({
  kind: 'experiment run of 1 tick',
  charged: estimateWork(shape, 0, 1).cost + worldSetupCost(AGENTS, shape.cells),
  ms: timed(3, () => runEngineTask({ kind: 'measure', from: { scenario, engineVersion }, ticks: 1, metrics })),
});

/**
 * A replay as the server runs it (replayHistory): stretches bounded as its stretchLimits ask,
 * each handing its snapshot back for the next to resume from, from `fromTick` (where `from`
 * stands) until `untilTick`. The last stretch's result.
 */
function replayInStretches(
  from: ReplayTask['from'],
  fromTick: number,
  untilTick: number,
  stepsFromTick: number,
  format: ReplayTask['format'],
  keepEvents: boolean,
): ReplayResult {
  let start = from;
  let tick = fromTick;
  for (let index = 0; ; index++) {
    const result = runEngineTask({
      kind: 'replay',
      from: start,
      inputs: [],
      untilTick,
      stepsFromTick,
      format,
      // As replayHistory asks.
      ...stretchLimits(format, index),
      ...(keepEvents ? { keepEvents: true } : {}),
    }) as ReplayResult;
    if (result.ended || result.tick >= untilTick || result.tick <= tick) return result;
    tick = result.tick;
    start = { snapshot: result.snapshot };
  }
}

// A fork: the parent replayed from its checkpoint (tick 5) to atTick without building steps,
// then the fork's inputs queued on the snapshot it ended at (a world restored again, with its
// state handed back). Charged as the replay from the checkpoint (SimulationForks.fork).
kinds.push({
  kind: `fork ${STEP_TICKS} ticks after a checkpoint`,
  charged: estimateReplay(scenario, engineVersion, [], 5, 5 + STEP_TICKS).cost,
  ms: timed(3, () => {
    const replayed = replayInStretches({ checkpoint }, 5, 5 + STEP_TICKS, 5 + STEP_TICKS + 1, 'object', false);
    runEngineTask({ kind: 'queue', snapshot: replayed.snapshot, drafts: [], keepState: true });
  }),
});
// A trace read: replayed from tick 0, every step's line built, in stretches of about 4 MiB of
// lines each (at 10 000 agents, two steps a stretch, or what 50 ms computes), each stretch after
// the first restoring the world. Charged with those restarts (SimulationHistoryReads.trace).
kinds.push({
  kind: `trace of ${STEP_TICKS} ticks (lines)`,
  charged: estimateReplay(scenario, engineVersion, [], 0, STEP_TICKS, { steps: STEP_TICKS, format: 'lines' }).cost,
  ms: timed(3, () => replayInStretches({ scenario, engineVersion }, 0, STEP_TICKS, 1, 'lines', false)),
});
// A compare: both runs replayed from tick 0 over the common range, each step's line built (it is
// hashed) and the events kept. Charged as both replays with their stretches (SimulationForks.compare);
// the hashing runs on the event loop, not on a worker, and is not timed here.
kinds.push({
  kind: `compare of two ${STEP_TICKS}-tick runs`,
  charged: 2 * estimateReplay(scenario, engineVersion, [], 0, STEP_TICKS, { steps: STEP_TICKS, format: 'lines' }).cost,
  ms: timed(3, () => {
    for (let run = 0; run < 2; run++) replayInStretches({ scenario, engineVersion }, 0, STEP_TICKS, 1, 'lines', true);
  }),
});

// A world of one agent on the largest grid: its cost is the grid's, charged per cell
// (WORLD_SETUP_TICKS_PER_CELL) wherever a world is built, restored or resumed.
const SIDE = 256;
const wide: ScenarioInput = {
  seed: 1,
  agents: [{ id: 'a', marker: { x: 1, y: 1 } }],
  initialState: { width: SIDE, height: SIDE, attractors: [{ id: 'w', x: 3, y: 3, depth: 1, radius: 1, capacity: 5 }] },
  rules: { prophecyInterval: 0 },
} as ScenarioInput;
const wideShape = scenarioShape(wide, engineVersion);
const wideWorld = Simulation.create(wide, { engineVersion });
for (let i = 0; i < 5; i++) wideWorld.step();
const wideSnapshot = { json: JSON.stringify(wideWorld.snapshot()) };
kinds.push({
  kind: `${SIDE}x${SIDE}, 1 agent: step of 1 tick`,
  charged: stepCost(estimateWork(wideShape, 5, 1), wideShape.cells).cost,
  ms: timed(5, () => runEngineTask({ kind: 'advance', from: { snapshot: wideSnapshot }, ticks: 1, keepSteps: false, checkpointEvery: 0 })),
});
kinds.push({
  kind: `${SIDE}x${SIDE}, 1 agent: the scenario built`,
  charged: worldSetupCost(1, wideShape.cells),
  ms: timed(5, () => runEngineTask({ kind: 'create', scenario: wide, engineVersion, keepSnapshot: true })),
});
kinds.push({
  kind: `${SIDE}x${SIDE}, 1 agent: experiment run of 1 tick`,
  charged: estimateWork(wideShape, 0, 1).cost + worldSetupCost(1, wideShape.cells),
  ms: timed(5, () => runEngineTask({ kind: 'measure', from: { scenario: wide, engineVersion }, ticks: 1, metrics })),
});

const base = (kinds[0] as { charged: number; ms: number }).ms / (kinds[0] as { charged: number }).charged;
console.log(`${AGENTS} agents; ratio = (ms per charged agent-tick) / (a step's); fair when 0.5 to 2`);
for (const { kind, charged, ms } of kinds) {
  const ratio = ms / charged / base;
  console.log(
    `${kind.padEnd(40)} charged ${String(charged).padStart(10)} agent-ticks  worker ${ms.toFixed(1).padStart(7)} ms  ratio ${ratio.toFixed(2)}${ratio > 2 || ratio < 0.5 ? '  (outside 0.5–2)' : ''}`,
  );
}
