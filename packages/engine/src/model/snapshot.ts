import { resumeStream, type RandomStreamState } from '../rng/random-stream.js';
import type { Completion } from '../schemas/outputs.js';
import type { ResolvedRules } from '../schemas/rules.js';
import type { VersionFeatures } from '../versions/version-features.js';
import type { EngineInput } from './engine-input.js';
import { PREFERENCE_STRIDE, terrainGradient, type OpenProphecy, type World } from './world.js';

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
  const { width, height } = snapshot;
  const n = snapshot.agents.ids.length;
  const k = snapshot.attractors.ids.length;
  const slots = PREFERENCE_STRIDE;
  const terrain = Float64Array.from(snapshot.terrain);
  const attractorArray = (values: number[]): Float64Array => {
    const array = new Float64Array(slots);
    array.set(values);
    return array;
  };
  const prefs = new Float64Array(n * slots);
  snapshot.agents.preferences.forEach((row, i) => prefs.set(row, i * slots));
  const { gradX, gradY } = terrainGradient(terrain, width, height);
  const open = snapshot.openProphecies.map((p) => ({ ...p, settled: [...p.settled] }));
  const lost = new Uint8Array(slots);
  snapshot.attractors.lost.forEach((l, a) => (lost[a] = l ? 1 : 0));
  return {
    features,
    seed: snapshot.seed,
    rules: { ...snapshot.rules, warningThresholds: [...snapshot.rules.warningThresholds] },
    width,
    height,
    terrain,
    gradX,
    gradY,
    density: new Float64Array(width * height),
    tick: snapshot.tick,
    completion: snapshot.completion,
    agentCount: n,
    agentIds: [...snapshot.agents.ids],
    px: Float64Array.from(snapshot.agents.x),
    py: Float64Array.from(snapshot.agents.y),
    vx: Float64Array.from(snapshot.agents.vx),
    vy: Float64Array.from(snapshot.agents.vy),
    lambda: Float64Array.from(snapshot.agents.lambda),
    gamma: Float64Array.from(snapshot.agents.gamma),
    basin: Int32Array.from(snapshot.agents.basin),
    prefs,
    attractorCount: k,
    attractorIds: [...snapshot.attractors.ids],
    ax: attractorArray(snapshot.attractors.x),
    ay: attractorArray(snapshot.attractors.y),
    depth: attractorArray(snapshot.attractors.depth),
    depth0: attractorArray(snapshot.attractors.initialDepth),
    radius: attractorArray(snapshot.attractors.radius),
    capacity: attractorArray(snapshot.attractors.capacity),
    load: attractorArray(snapshot.attractors.load),
    lost,
    reaction: new Float64Array(slots).fill(1),
    tipAgent: new Int32Array(slots),
    tipScore: new Float64Array(slots),
    usedAttractorIds: [...snapshot.usedAttractorIds],
    lostOrder: [...snapshot.lostOrder],
    motion: resumeStream(snapshot.streams.motion),
    environment: resumeStream(snapshot.streams.environment),
    stability: snapshot.stability,
    belowThreshold: [...snapshot.belowThreshold],
    prophecySeq: snapshot.prophecySeq,
    standing: open.find((p) => p.seq === snapshot.standing?.seq) ?? (snapshot.standing === null ? null : { ...snapshot.standing, settled: [...snapshot.standing.settled] }),
    openProphecies: open,
    pending: JSON.parse(JSON.stringify(snapshot.pending)) as EngineInput[],
    lastMove: snapshot.lastMove,
    inBranch: false,
  };
}
