import { DEFAULT_ENGINE_VERSION, type RestoreOptions, type ScenarioInput } from '@sim/engine';
import type { AdvanceResult, ReplayResult } from './engine-task.js';
import { runEngineTask } from './run-engine-task.js';

/** What a worker tells its pool once it has warmed up (piscina passes it on as the pool's 'message' event). */
export interface WarmedUp {
  kind: 'engine-warmed-up';
  /** How long it took, in milliseconds. */
  ms: number;
  /** Why it failed, when it did: the worker still works, its first task is only slower. */
  failed?: string;
}

export const isWarmedUp = (message: unknown): message is WarmedUp =>
  typeof message === 'object' && message !== null && (message as { kind?: unknown }).kind === 'engine-warmed-up';

/** Agents of the warm-up world: enough that the engine's per-agent loops are compiled as a large world's are. */
const WARM_UP_AGENTS = 200;
/** Ticks of each warm-up pass, a prophecy every five of them. */
const WARM_UP_TICKS = 20;

/**
 * A world made up for the warm-up alone: agents on a lattice, four wells, a prophecy every five
 * ticks. It is never stored or shown.
 */
export function warmUpScenario(): ScenarioInput {
  const side = 64;
  const agents = Array.from({ length: WARM_UP_AGENTS }, (_, i) => ({
    id: `w${i}`,
    marker: { x: (i * 7) % side, y: (i * 13) % side },
    ...(i % 4 === 0 ? { policy: { lambda: 1.5, gamma: 0.25 } } : {}),
  }));
  const attractors = [
    { id: 'a', x: 16, y: 16, depth: 4, radius: 6, capacity: 60 },
    { id: 'b', x: 48, y: 16, depth: 5, radius: 6, capacity: 120 },
    { id: 'c', x: 16, y: 48, depth: 5, radius: 6, capacity: 120 },
    { id: 'd', x: 48, y: 48, depth: 6, radius: 6, capacity: 60 },
  ];
  return { seed: 1, agents, initialState: { width: side, height: side, attractors }, rules: { prophecyInterval: 5 } } as ScenarioInput;
}

/**
 * Runs the paths of a streamed `run` and of a trace read once on a made-up world, so that a
 * freshly started worker has compiled the engine's hot code before its first request: the
 * first run of crowded-large on a cold worker answered its first byte 100 to 150 ms later than
 * on a warm one (docs/operations.md, "A worker's first request"). What it computes is dropped.
 * Returns the ticks it computed.
 */
export function warmUpEngine(engine: RestoreOptions = {}): number {
  const scenario = warmUpScenario();
  const start = { scenario, engineVersion: DEFAULT_ENGINE_VERSION };
  const advanced = runEngineTask(
    // No checkpoints: node:zlib is left alone. A worker ended while a zlib handle is made but not
    // yet initialized aborts the whole process on Node 20 ("close before init"), and a worker is
    // ended when its pool closes, which a warm-up must be safe to meet.
    { kind: 'advance', from: start, ticks: WARM_UP_TICKS, keepSteps: true, checkpointEvery: 0, stepLines: true },
    undefined,
    engine,
  ) as AdvanceResult;
  const replayed = runEngineTask(
    {
      kind: 'replay',
      from: start,
      inputs: [],
      untilTick: WARM_UP_TICKS,
      stepsFromTick: 1,
      format: 'lines',
      budgetMs: Number.POSITIVE_INFINITY,
      maxOutput: Number.POSITIVE_INFINITY,
    },
    undefined,
    engine,
  ) as ReplayResult;
  return advanced.advanced + replayed.steps.length;
}
