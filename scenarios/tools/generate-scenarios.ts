/**
 * Writes every pre-built scenario in `scenarios/` from the definitions below, so that agent
 * clusters and terrains are formulas rather than hand-copied numbers. Deterministic: positions
 * come from fixed integer patterns and a low-discrepancy sequence, never from Math.random, so
 * running it twice gives byte-identical files.
 *
 *   node --import tsx scenarios/tools/generate-scenarios.ts
 *
 * Each file is validated against ScenarioFileSchema before it is written. After changing a
 * scenario, re-pin its golden hashes: `npx -y pnpm@10.34.9 --filter @sim/engine golden:update -- --rewrite <id>`.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScenarioFileSchema } from '../../packages/engine/src/index.js';
import { PROPHECY_SCENARIOS } from './prophecy-scenarios.js';
import { cluster, crowd, type ScenarioFileDraft } from './scenario-draft.js';

const calm: ScenarioFileDraft = {
  id: 'calm-equilibrium',
  label: 'Calm equilibrium',
  seed: 11,
  tags: ['baseline', 'stable'],
  note:
    'Three wells with capacity to spare. 24 agents spread over the grid settle into the basins within about 20 ticks and stay there: ' +
    'no basin is eroded, no basin is lost, stability stays above 0.75 once settled (about 0.95), no warning and no paradox is ever emitted. ' +
    'Prophecies every 25 ticks forecast a loss probability of 0 for every basin.',
  nodeLabels: { x: 'latency', y: 'capacity' },
  initialState: {
    width: 32,
    height: 32,
    attractors: [
      { id: 'north', x: 16, y: 25, depth: 4, radius: 4, capacity: 20 },
      { id: 'south-west', x: 8, y: 8, depth: 4, radius: 4, capacity: 20 },
      { id: 'south-east', x: 24, y: 8, depth: 4, radius: 4, capacity: 20 },
    ],
  },
  rules: {},
  agents: Array.from({ length: 24 }, (_, i) => ({
    id: `settler-${i}`,
    marker: { x: 4 + ((i * 7) % 24), y: 2 + ((i * 11) % 28) },
    ...(i % 3 === 0 ? { policy: { lambda: 0.3, gamma: 1 } } : {}),
  })),
};

const cascade: ScenarioFileDraft = {
  id: 'basin-cascade',
  label: 'Basin cascade',
  seed: 5,
  tags: ['loss', 'cascade', 'warnings'],
  note:
    'Five wells in a row, west to east, with capacities 8, 10, 12, 14 and 200. All 40 agents start in the westernmost basin "a", ' +
    'which carries about 27 load against a capacity of 8 and is lost within a few ticks. Its refugees drift east into "b" and overload it, ' +
    'then "c", then "d": four basins are lost one after another, in that order, each while carrying more than its capacity. ' +
    'Only "e" (capacity 200) holds them. Stability falls through both warning thresholds (falling warnings at 0.5 and then 0.25). ' +
    'Erosion is fast (erosionRate 0.3) and reflexivity is 0, so prophecies forecast the next loss without changing it.',
  nodeLabels: { x: 'latency', y: 'capacity' },
  initialState: {
    width: 64,
    height: 24,
    attractors: [
      { id: 'a', x: 8, y: 12, depth: 4, radius: 3, capacity: 8 },
      { id: 'b', x: 20, y: 12, depth: 4, radius: 3, capacity: 10 },
      { id: 'c', x: 32, y: 12, depth: 4, radius: 3, capacity: 12 },
      { id: 'd', x: 44, y: 12, depth: 4, radius: 3, capacity: 14 },
      { id: 'e', x: 56, y: 12, depth: 4, radius: 4, capacity: 200 },
    ],
  },
  rules: { erosionRate: 0.3, reflexivity: 0 },
  agents: cluster('refugee', 40, 8, 12, 4),
};

const selfDefeating: ScenarioFileDraft = {
  id: 'self-defeating-prophecy',
  label: 'Self-defeating prophecy',
  seed: 3,
  tags: ['prophecy', 'paradox', 'reflexivity'],
  note:
    '20 agents sit in the basin "doomed" (capacity 10, they carry about 13), which erodes steadily. ' +
    'The prophecy at tick 30 looks 40 ticks ahead and every branch loses "doomed" (loss probability 1). ' +
    'With reflexivity 1 the agents flee the forecast loss toward "haven", the load falls below capacity and "doomed" recovers: ' +
    'the loss never happens, and the engine emits a paradox of kind "averted": under engines 1.0.0 and 1.1.0 when the prophecy\'s ' +
    'horizon closes at tick 70; under 1.2.0, which waits a horizon past the forecast loss tick 61, at tick 101, ' +
    'with the verdict "self-defeating"; under 1.3.0 and 1.4.0 (the default), which wait for the whole attribution window ' +
    '(twice the horizon), at tick 110, with the same verdict. With reflexivity 0 the same scenario loses "doomed" at about ' +
    'tick 61, as forecast.',
  nodeLabels: { x: 'latency', y: 'capacity' },
  initialState: {
    width: 32,
    height: 32,
    attractors: [
      { id: 'doomed', x: 10, y: 16, depth: 4, radius: 3, capacity: 10 },
      { id: 'haven', x: 24, y: 16, depth: 4, radius: 3, capacity: 100 },
    ],
  },
  rules: { reflexivity: 1, prophecyInterval: 30, prophecyHorizon: 40 },
  agents: Array.from({ length: 20 }, (_, i) => ({
    id: `believer-${i}`,
    marker: { x: 10 + ((i * 7) % 5) - 2, y: 16 + ((i * 3) % 5) - 2 },
    attractorPreferences: { haven: 0.5 },
  })),
};

const selfFulfilling: ScenarioFileDraft = {
  id: 'self-fulfilling-prophecy',
  label: 'Self-fulfilling prophecy',
  seed: 1,
  tags: ['prophecy', 'reflexivity', 'loss'],
  note:
    'Six residents hold the small basin "lure" (capacity 5); eight restless agents (lambda 1) start between "lure" and "haven". ' +
    'The first prophecy (tick 5) gives "lure" only a moderate loss probability (about 0.4). With reflexivity -1 agents crowd into ' +
    'a basin in proportion to its forecast loss, so "lure" pulls harder, the swing agents pile in, the next prophecies grow ' +
    'confident and "lure" is lost within about 20 ticks: the prophecy made itself come true. ' +
    'With reflexivity 0 the same scenario keeps "lure" for the whole run.',
  nodeLabels: { x: 'latency', y: 'capacity' },
  initialState: {
    width: 32,
    height: 16,
    attractors: [
      { id: 'lure', x: 10, y: 8, depth: 4, radius: 3, capacity: 5 },
      { id: 'haven', x: 22, y: 8, depth: 4, radius: 3, capacity: 60 },
    ],
  },
  rules: { reflexivity: -1, erosionRate: 0.1, prophecyInterval: 5, prophecyHorizon: 30 },
  agents: [
    ...Array.from({ length: 6 }, (_, i) => ({ id: `resident-${i}`, marker: { x: 10 + (i % 3) - 1, y: 8 + ((i * 2) % 3) - 1 } })),
    ...Array.from({ length: 8 }, (_, i) => ({
      id: `swing-${i}`,
      marker: { x: 15 + ((i * 3) % 4) * 0.5 - 0.75, y: 8 + (i % 4) - 1.5 },
      policy: { lambda: 1 },
    })),
  ],
};

/** A valley along y = 16 that tilts down toward the east; agents drift into it. */
function valleyTerrain(width: number, height: number): number[][] {
  const rows: number[][] = [];
  for (let y = 0; y < height; y++) {
    const row: number[] = [];
    for (let x = 0; x < width; x++) row.push(Math.round((0.004 * (y - 16) * (y - 16) + 0.02 * (width - 1 - x)) * 1000) / 1000);
    rows.push(row);
  }
  return rows;
}

const shockValley: ScenarioFileDraft = {
  id: 'shock-prone-valley',
  label: 'Shock-prone valley',
  seed: 10,
  tags: ['terrain', 'shocks', 'loss'],
  note:
    'A terrain with a valley along y = 16 that tilts down toward the east; three fords (wells) lie in the valley, each with capacity 30, ' +
    'far more than the 30 agents ever load them. Agents start on the slopes and drift downhill into the valley. ' +
    'Random environment shocks (shockRate 0.03, shockMagnitude 1.5) strike about once every 33 ticks and show in the move string ' +
    'as "environment shock at (x, y)". A shock landing near a ford can erode it to nothing: with this seed "lower-ford" is lost ' +
    'at about tick 128 while carrying no load at all, a loss caused by the environment rather than by overload.',
  nodeLabels: { x: 'distance downstream', y: 'elevation across the valley' },
  initialState: {
    width: 48,
    height: 32,
    attractors: [
      { id: 'upper-ford', x: 12, y: 16, depth: 3, radius: 3, capacity: 30 },
      { id: 'middle-ford', x: 24, y: 16, depth: 3, radius: 3, capacity: 30 },
      { id: 'lower-ford', x: 36, y: 16, depth: 3, radius: 3, capacity: 30 },
    ],
    terrain: valleyTerrain(48, 32),
  },
  rules: { shockRate: 0.03, shockMagnitude: 1.5 },
  agents: Array.from({ length: 30 }, (_, i) => ({
    id: `walker-${i}`,
    marker: { x: 2 + ((i * 7) % 44), y: (i % 2 === 1 ? 3 : 28) + ((i * 3) % 4) },
  })),
};

const crowdedWells: ScenarioFileDraft['initialState']['attractors'] = [];
for (const gy of [0, 1, 2]) {
  for (const gx of [0, 1, 2]) {
    const w = gy * 3 + gx;
    crowdedWells.push({ id: `well-${gx}-${gy}`, x: 24 + gx * 40, y: 24 + gy * 40, depth: 4 + ((w * 5) % 3), radius: 6, capacity: 220 });
  }
}

const crowded: ScenarioFileDraft = {
  id: 'crowded-large',
  label: 'Crowded large grid',
  seed: 2026,
  tags: ['large', 'performance', 'crowding'],
  note:
    'A load and speed test: 2 400 agents spread evenly over a 128 × 128 grid, nine wells on a 3 × 3 lattice (depths 4 to 6, ' +
    'capacity 220 each), a quarter of the agents restless (lambda 1.5, gamma 0.25). The deep centre well "well-1-1" draws far ' +
    'more than its capacity and is the first basin lost, at about tick 75, after a prophecy had forecast it with probability 1. ' +
    'The eight outer wells all still stand at tick 100 and stability stays above 0.5 until then.',
  nodeLabels: { x: 'latency', y: 'capacity' },
  initialState: { width: 128, height: 128, attractors: crowdedWells },
  rules: {},
  agents: crowd(2400, 128),
};

export const SCENARIOS: readonly ScenarioFileDraft[] = [calm, cascade, selfDefeating, selfFulfilling, shockValley, crowded, ...PROPHECY_SCENARIOS];

/**
 * Pretty JSON with one agent, attractor or terrain row per line: readable in a diff and small
 * enough for the 2 400-agent file to stay far under 1 MiB.
 */
function format(scenario: ScenarioFileDraft): string {
  const lines = (items: readonly unknown[]): string => `[\n${items.map((item) => `    ${JSON.stringify(item)}`).join(',\n')}\n  ]`;
  const { initialState, agents, ...head } = scenario;
  const parts = Object.entries(head).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)}`);
  const state = [
    `    "width": ${initialState.width}`,
    `    "height": ${initialState.height}`,
    `    "attractors": ${lines(initialState.attractors).replaceAll('\n', '\n  ')}`,
    ...(initialState.terrain ? [`    "terrain": ${lines(initialState.terrain).replaceAll('\n', '\n  ')}`] : []),
  ];
  parts.push(`  "initialState": {\n${state.join(',\n')}\n  }`);
  parts.push(`  "agents": ${lines(agents)}`);
  return `{\n${parts.join(',\n')}\n}\n`;
}

function main(): void {
  const directory = join(dirname(fileURLToPath(import.meta.url)), '..');
  for (const scenario of SCENARIOS) {
    const text = format(scenario);
    const parsed = ScenarioFileSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error(`${scenario.id}: ${parsed.error.message}`);
    writeFileSync(join(directory, `${scenario.id}.json`), text);
    console.log(`${scenario.id}.json: ${scenario.agents.length} agents, ${text.length} bytes`);
  }
}

main();
