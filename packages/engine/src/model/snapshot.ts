import { resumeStream, type RandomStreamState } from '../rng/random-stream.js';
import type { Completion } from '../schemas/outputs.js';
import { DEFAULT_POLICY } from '../schemas/policy.js';
import { RULE_DEFAULTS, type ResolvedRules } from '../schemas/rules.js';
import type { VersionFeatures } from '../versions/version-features.js';
import type { EngineInput } from './engine-input.js';
import { emptyWorld, PREFERENCE_STRIDE, type OpenProphecy, type World } from './world.js';

/**
 * Format tag of every snapshot this engine writes; checked when reading one back.
 *
 * @example
 * if (stored.format !== SNAPSHOT_FORMAT) throw new Error('not an engine snapshot');
 */
export const SNAPSHOT_FORMAT = 'sim-engine-snapshot/1';

/**
 * Everything needed to resume a simulation exactly, random streams included, as plain JSON.
 * Numbers survive JSON unchanged, so a restored simulation continues byte for byte.
 *
 * @example
 * const saved = JSON.stringify(sim.snapshot());
 * const resumed = Simulation.restore(JSON.parse(saved) as EngineSnapshot);
 */
export interface EngineSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  engineVersion: string;
  seed: number;
  rules: ResolvedRules;
  width: number;
  height: number;
  terrain: number[];
  tick: number;
  completion: Completion | null;
  agents: {
    ids: string[];
    x: number[];
    y: number[];
    vx: number[];
    vy: number[];
    lambda: number[];
    gamma: number[];
    /** Engine 1.2.0 on; absent (everyone 1) before. */
    belief?: number[];
    basin: number[];
    /** Row per agent, one column per attractor slot in use. */
    preferences: number[][];
  };
  attractors: {
    ids: string[];
    x: number[];
    y: number[];
    depth: number[];
    initialDepth: number[];
    radius: number[];
    capacity: number[];
    load: number[];
    lost: boolean[];
  };
  usedAttractorIds: string[];
  lostOrder: string[];
  streams: { motion: RandomStreamState; environment: RandomStreamState };
  stability: number;
  belowThreshold: boolean[];
  prophecySeq: number;
  /** The prophecy agents react to; it may have closed its horizon and still stand (1.0.0). */
  standing: OpenProphecy | null;
  openProphecies: OpenProphecy[];
  pending: EngineInput[];
  lastMove: string;
}

const list = (array: ArrayLike<number>, n: number): number[] => Array.from({ length: n }, (_, i) => array[i] as number);

export function toSnapshot(world: World): EngineSnapshot {
  const n = world.agentCount;
  const k = world.attractorCount;
  return {
    format: SNAPSHOT_FORMAT,
    engineVersion: world.features.version,
    seed: world.seed,
    rules: { ...world.rules, warningThresholds: [...world.rules.warningThresholds] },
    width: world.width,
    height: world.height,
    terrain: Array.from(world.terrain),
    tick: world.tick,
    completion: world.completion,
    agents: {
      ids: world.agentIds.slice(0, n),
      x: list(world.px, n),
      y: list(world.py, n),
      vx: list(world.vx, n),
      vy: list(world.vy, n),
      lambda: list(world.lambda, n),
      gamma: list(world.gamma, n),
      ...(world.features.beliefPolicy ? { belief: list(world.belief, n) } : {}),
      basin: list(world.basin, n),
      preferences: Array.from({ length: n }, (_, i) => list(world.prefs.subarray(i * PREFERENCE_STRIDE), k)),
    },
    attractors: {
      ids: world.attractorIds.slice(0, k),
      x: list(world.ax, k),
      y: list(world.ay, k),
      depth: list(world.depth, k),
      initialDepth: list(world.depth0, k),
      radius: list(world.radius, k),
      capacity: list(world.capacity, k),
      load: list(world.load, k),
      lost: Array.from({ length: k }, (_, a) => world.lost[a] === 1),
    },
    usedAttractorIds: [...world.usedAttractorIds],
    lostOrder: [...world.lostOrder],
    streams: { motion: world.motion.state(), environment: world.environment.state() },
    stability: world.stability,
    belowThreshold: [...world.belowThreshold],
    prophecySeq: world.prophecySeq,
    standing: world.standing === null ? null : { ...world.standing, settled: [...world.standing.settled] },
    openProphecies: world.openProphecies.map((p) => ({ ...p, settled: [...p.settled] })),
    pending: JSON.parse(JSON.stringify(world.pending)) as EngineInput[],
    lastMove: world.lastMove,
  };
}

/** Rebuilds a world from a snapshot taken by `toSnapshot` with the same engine version. */
export function fromSnapshot(snapshot: EngineSnapshot, features: VersionFeatures): World {
  const { agents, attractors } = snapshot;
  const world = emptyWorld({
    features,
    seed: snapshot.seed,
    // Rules added by a later engine release are absent from older snapshots: their defaults apply.
    rules: { ...RULE_DEFAULTS, ...snapshot.rules, warningThresholds: [...snapshot.rules.warningThresholds] },
    width: snapshot.width,
    height: snapshot.height,
    terrain: Float64Array.from(snapshot.terrain),
    motion: resumeStream(snapshot.streams.motion),
    environment: resumeStream(snapshot.streams.environment),
    agentCapacity: agents.ids.length,
  });

  world.agentCount = agents.ids.length;
  world.agentIds = [...agents.ids];
  world.px.set(agents.x);
  world.py.set(agents.y);
  world.vx.set(agents.vx);
  world.vy.set(agents.vy);
  world.lambda.set(agents.lambda);
  world.gamma.set(agents.gamma);
  world.belief.set(agents.belief ?? agents.ids.map(() => DEFAULT_POLICY.belief));
  world.basin.set(agents.basin);
  agents.preferences.forEach((row, i) => world.prefs.set(row, i * PREFERENCE_STRIDE));

  world.attractorCount = attractors.ids.length;
  world.attractorIds = [...attractors.ids];
  world.ax.set(attractors.x);
  world.ay.set(attractors.y);
  world.depth.set(attractors.depth);
  world.depth0.set(attractors.initialDepth);
  world.radius.set(attractors.radius);
  world.capacity.set(attractors.capacity);
  world.load.set(attractors.load);
  attractors.lost.forEach((lost, a) => (world.lost[a] = lost ? 1 : 0));
  world.usedAttractorIds = [...snapshot.usedAttractorIds];
  world.lostOrder = [...snapshot.lostOrder];

  world.tick = snapshot.tick;
  world.completion = snapshot.completion;
  world.stability = snapshot.stability;
  world.belowThreshold = [...snapshot.belowThreshold];
  world.prophecySeq = snapshot.prophecySeq;
  world.openProphecies = snapshot.openProphecies.map((p) => ({ ...p, settled: [...p.settled] }));
  // The standing prophecy is usually one of the open ones (the same object, so judging it
  // settles both); under 1.0.0 it may have closed its horizon and still stand.
  world.standing =
    world.openProphecies.find((p) => p.seq === snapshot.standing?.seq) ??
    (snapshot.standing === null ? null : { ...snapshot.standing, settled: [...snapshot.standing.settled] });
  world.pending = JSON.parse(JSON.stringify(snapshot.pending)) as EngineInput[];
  world.lastMove = snapshot.lastMove;
  return world;
}
