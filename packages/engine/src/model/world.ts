import type { DomainRuntime } from '../domain/domain-runtime.js';
import { forkDomain } from '../domain/domain-runtime.js';
import { openDomain, sitePressures } from '../domain/open-domain.js';
import { LIMITS } from '../limits.js';
import { openStream, type RandomStream } from '../rng/random-stream.js';
import type { Agent } from '../schemas/agent.js';
import type { Attractor } from '../schemas/attractor.js';
import type { Completion } from '../schemas/outputs.js';
import type { CalibratedVerdict } from '../schemas/prophecy-v4.js';
import { DEFAULT_POLICY } from '../schemas/policy.js';
import type { ResolvedRules } from '../schemas/rules.js';
import type { Scenario } from '../schemas/scenario.js';
import type { VersionFeatures } from '../versions/version-features.js';
import type { EngineInput } from './engine-input.js';

/** Preference columns per agent row: one slot per attractor the simulation may hold. */
export const PREFERENCE_STRIDE = LIMITS.maxAttractors;

/** A prophecy's forecast, kept while its horizon is open so that paradoxes can be judged. */
export interface OpenProphecy {
  readonly seq: number;
  readonly tick: number;
  readonly horizon: number;
  /** Loss probability by attractor id, for the attractors alive when it was made. */
  readonly lossProbability: Readonly<Record<string, number>>;
  /** Attractors whose forecast has been judged already (fulfilled or paradoxical). */
  readonly settled: string[];
  /**
   * 1.2.0 on: the forecast tick of each loss (mean over the branches that lost the basin), from
   * which a confident forecast's verdict waits one more horizon. Absent before 1.2.0.
   */
  readonly expectedLossTick?: Readonly<Record<string, number | null>> | undefined;
  /**
   * 1.3.0 on: the loss probability within the horizon in the ensemble reacting to this forecast,
   * against which a loss is judged unforeseen, and the verdict on each basin, without which a
   * surviving basin is not `averted`. Absent before 1.3.0.
   */
  readonly reactedLossProbability?: Readonly<Record<string, number>> | undefined;
  readonly verdicts?: Readonly<Record<string, CalibratedVerdict>> | undefined;
}

/** 1.3.0 on: a basin judged `averted`, watched so that a later loss of it is reported. */
export interface AvertedBasin {
  readonly attractor: string;
  readonly seq: number;
  readonly tick: number;
  /** The tick the averted paradox was raised at. */
  readonly judgedAt: number;
  readonly predictedLossProbability: number;
}

/**
 * The whole mutable state of one simulation, laid out as parallel typed arrays so that a tick
 * runs without allocating per agent. Everything needed to resume exactly is in here, the
 * random streams included.
 */
export interface World {
  readonly features: VersionFeatures;
  /** The scenario's seed, or the last reseed's: every stream, prophecy branches included, derives from it. */
  seed: number;
  rules: ResolvedRules;
  readonly width: number;
  readonly height: number;
  readonly terrain: Float64Array;
  /** Downhill force of the terrain per cell, derived once from `terrain`. */
  readonly gradX: Float64Array;
  readonly gradY: Float64Array;
  /** Scratch: agents per cell, refilled every tick. */
  readonly density: Float64Array;
  tick: number;
  completion: Completion | null;

  agentCount: number;
  agentIds: string[];
  px: Float64Array;
  py: Float64Array;
  vx: Float64Array;
  vy: Float64Array;
  lambda: Float64Array;
  gamma: Float64Array;
  /** How much each agent believes prophecies (1.2.0 on; 1 for everyone before). */
  belief: Float64Array;
  /** Index of the attractor whose basin holds each agent, or -1. */
  basin: Int32Array;
  /** Row i holds agent i's weight for each attractor slot. */
  prefs: Float64Array;

  attractorCount: number;
  attractorIds: string[];
  ax: Float64Array;
  ay: Float64Array;
  depth: Float64Array;
  depth0: Float64Array;
  radius: Float64Array;
  capacity: Float64Array;
  load: Float64Array;
  lost: Uint8Array;
  /** Scratch per attractor: how agents react to the standing prophecy this tick. */
  readonly reaction: Float64Array;
  readonly tipAgent: Int32Array;
  readonly tipScore: Float64Array;
  /** Every attractor id ever used: ids are never reused, so a lost basin cannot come back. */
  usedAttractorIds: string[];
  lostOrder: string[];

  motion: RandomStream;
  environment: RandomStream;

  stability: number;
  /** Per warning threshold (same order as rules.warningThresholds): is stability below it? */
  belowThreshold: boolean[];
  prophecySeq: number;
  standing: OpenProphecy | null;
  openProphecies: OpenProphecy[];
  /** 1.3.0 on: the basins judged averted and still standing, one entry each, latest judgement. */
  averted: AvertedBasin[];
  pending: EngineInput[];
  lastMove: string;
  /** 1.4.0 on: the scenario's domain model as it runs, or null for a world without one. */
  domain: DomainRuntime | null;
  /** True inside a prophecy branch: no prophecies, no events. */
  readonly inBranch: boolean;
}

/** Downhill slope of the terrain per cell (central differences, one-sided at the edges). */
export function terrainGradient(terrain: Float64Array, width: number, height: number): { gradX: Float64Array; gradY: Float64Array } {
  const gradX = new Float64Array(width * height);
  const gradY = new Float64Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = y * width + x;
      const left = x > 0 ? cell - 1 : cell;
      const right = x < width - 1 ? cell + 1 : cell;
      const down = y > 0 ? cell - width : cell;
      const up = y < height - 1 ? cell + width : cell;
      gradX[cell] = ((terrain[right] as number) - (terrain[left] as number)) / Math.max(1, right - left);
      gradY[cell] = ((terrain[up] as number) - (terrain[down] as number)) / Math.max(1, (up - down) / width);
    }
  }
  return { gradX, gradY };
}

function grow<T extends Float64Array | Int32Array>(array: T, size: number): T {
  if (array.length >= size) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2, 8));
  next.set(array);
  return next;
}

/** Makes room for `count` agents, keeping the existing ones. */
export function reserveAgents(world: World, count: number): void {
  if (world.px.length >= count) return;
  world.px = grow(world.px, count);
  world.py = grow(world.py, count);
  world.vx = grow(world.vx, count);
  world.vy = grow(world.vy, count);
  world.lambda = grow(world.lambda, count);
  world.gamma = grow(world.gamma, count);
  world.belief = grow(world.belief, count);
  world.basin = grow(world.basin, count);
  const prefs = new Float64Array(world.px.length * PREFERENCE_STRIDE);
  prefs.set(world.prefs);
  world.prefs = prefs;
}

/** Appends an agent; the caller has checked the id is free and the limit not reached. */
export function pushAgent(world: World, agent: Agent): void {
  const i = world.agentCount;
  reserveAgents(world, i + 1);
  world.agentIds[i] = agent.id;
  world.px[i] = agent.marker.x;
  world.py[i] = agent.marker.y;
  world.vx[i] = 0;
  world.vy[i] = 0;
  world.lambda[i] = agent.policy.lambda ?? DEFAULT_POLICY.lambda;
  world.gamma[i] = agent.policy.gamma ?? DEFAULT_POLICY.gamma;
  world.belief[i] = world.features.beliefPolicy ? (agent.policy.belief ?? DEFAULT_POLICY.belief) : DEFAULT_POLICY.belief;
  world.basin[i] = -1;
  const row = i * PREFERENCE_STRIDE;
  for (let a = 0; a < PREFERENCE_STRIDE; a++) {
    const id = world.attractorIds[a];
    world.prefs[row + a] = id === undefined ? 1 : (agent.attractorPreferences[id] ?? 1);
  }
  world.agentCount = i + 1;
}

/** Appends an attractor; every existing agent weighs it 1, as it weighs any attractor it does not name. */
export function pushAttractor(world: World, attractor: Attractor): void {
  const a = world.attractorCount;
  world.attractorIds[a] = attractor.id;
  world.ax[a] = attractor.x;
  world.ay[a] = attractor.y;
  world.depth[a] = attractor.depth;
  world.depth0[a] = attractor.depth;
  world.radius[a] = attractor.radius;
  world.capacity[a] = attractor.capacity;
  world.load[a] = 0;
  world.lost[a] = 0;
  for (let i = 0; i < world.agentCount; i++) world.prefs[i * PREFERENCE_STRIDE + a] = 1;
  world.usedAttractorIds.push(attractor.id);
  world.attractorCount = a + 1;
}

/** What a world is made of before any entity is placed in it. */
export interface WorldFrame {
  features: VersionFeatures;
  seed: number;
  rules: ResolvedRules;
  width: number;
  height: number;
  terrain: Float64Array;
  motion: RandomStream;
  environment: RandomStream;
  /** Agents to make room for at once. */
  agentCapacity: number;
}

/**
 * A world with no agents and no attractors, every field at its tick-0 value: the one place
 * that lists what a world holds. `createWorld` fills it from a scenario, `fromSnapshot` from a
 * snapshot.
 */
export function emptyWorld(frame: WorldFrame): World {
  const { width, height, terrain, agentCapacity: agents } = frame;
  const { gradX, gradY } = terrainGradient(terrain, width, height);
  const slots = PREFERENCE_STRIDE;
  return {
    features: frame.features,
    seed: frame.seed,
    rules: frame.rules,
    width,
    height,
    terrain,
    gradX,
    gradY,
    density: new Float64Array(width * height),
    tick: 0,
    completion: null,
    agentCount: 0,
    agentIds: [],
    px: new Float64Array(agents),
    py: new Float64Array(agents),
    vx: new Float64Array(agents),
    vy: new Float64Array(agents),
    lambda: new Float64Array(agents),
    gamma: new Float64Array(agents),
    belief: new Float64Array(agents),
    basin: new Int32Array(agents),
    prefs: new Float64Array(agents * slots),
    attractorCount: 0,
    attractorIds: [],
    ax: new Float64Array(slots),
    ay: new Float64Array(slots),
    depth: new Float64Array(slots),
    depth0: new Float64Array(slots),
    radius: new Float64Array(slots),
    capacity: new Float64Array(slots),
    load: new Float64Array(slots),
    lost: new Uint8Array(slots),
    reaction: new Float64Array(slots).fill(1),
    tipAgent: new Int32Array(slots),
    tipScore: new Float64Array(slots),
    usedAttractorIds: [],
    lostOrder: [],
    motion: frame.motion,
    environment: frame.environment,
    stability: 1,
    belowThreshold: [],
    prophecySeq: 0,
    standing: null,
    openProphecies: [],
    averted: [],
    pending: [],
    lastMove: 'start',
    domain: null,
    inBranch: false,
  };
}

/** The main world's two streams as a seed opens them (docs/engine.md, "Determinism"). */
function worldStreams(seed: number): { motion: RandomStream; environment: RandomStream } {
  return { motion: openStream(seed, 'motion'), environment: openStream(seed, 'environment') };
}

/**
 * A reseed input: the world's streams restart from `seed` exactly as a world created with it
 * opens them, and prophecy branches derive from it from now on. Nothing else changes.
 */
export function reseedWorld(world: World, seed: number): void {
  const { motion, environment } = worldStreams(seed);
  world.seed = seed;
  world.motion = motion;
  world.environment = environment;
  if (world.domain !== null) world.domain = forkDomain(world.domain, openStream(seed, 'domain'));
}

/** Builds the world at tick 0 from a validated scenario. */
export function createWorld(scenario: Scenario, features: VersionFeatures, rules: ResolvedRules): World {
  const { width, height, attractors, terrain: rows } = scenario.initialState;
  const terrain = new Float64Array(width * height);
  if (rows) rows.forEach((row, y) => row.forEach((value, x) => (terrain[y * width + x] = value)));
  const world = emptyWorld({
    features,
    seed: scenario.seed,
    rules,
    width,
    height,
    terrain,
    ...worldStreams(scenario.seed),
    agentCapacity: scenario.agents.length,
  });
  for (const attractor of attractors) pushAttractor(world, attractor);
  for (const agent of scenario.agents) pushAgent(world, agent);
  if (scenario.domain !== undefined) {
    world.domain = openDomain(scenario.domain, openStream(scenario.seed, 'domain'));
    sitePressures(world);
  }
  return world;
}

/**
 * A copy of the world for a prophecy branch: its own arrays and its own random streams, no
 * pending inputs, no prophecies and no events. `domain` is the branch's domain stream, needed
 * only when the world has a domain model. What a branch never changes is shared with the world:
 * the terrain, the agents' ids and their preferences (only inputs change those, and a branch
 * takes none; its world is gone before the next input reaches this one). The preferences are
 * most of a world's memory (agents × PREFERENCE_STRIDE numbers), and copying them was most of
 * the cost of a fork.
 */
export function forkWorld(world: World, motion: RandomStream, environment: RandomStream, domain?: RandomStream | null): World {
  const n = world.agentCount;
  return {
    ...world,
    rules: { ...world.rules, warningThresholds: [...world.rules.warningThresholds] },
    density: new Float64Array(world.density.length),
    agentIds: world.agentIds,
    px: world.px.slice(0, n),
    py: world.py.slice(0, n),
    vx: world.vx.slice(0, n),
    vy: world.vy.slice(0, n),
    lambda: world.lambda.slice(0, n),
    gamma: world.gamma.slice(0, n),
    belief: world.belief.slice(0, n),
    basin: world.basin.slice(0, n),
    prefs: world.prefs,
    attractorIds: [...world.attractorIds],
    ax: world.ax.slice(),
    ay: world.ay.slice(),
    depth: world.depth.slice(),
    depth0: world.depth0.slice(),
    radius: world.radius.slice(),
    capacity: world.capacity.slice(),
    load: world.load.slice(),
    lost: world.lost.slice(),
    reaction: world.reaction.slice(),
    tipAgent: new Int32Array(PREFERENCE_STRIDE),
    tipScore: new Float64Array(PREFERENCE_STRIDE),
    usedAttractorIds: [...world.usedAttractorIds],
    lostOrder: [...world.lostOrder],
    motion,
    environment,
    belowThreshold: [...world.belowThreshold],
    openProphecies: [],
    averted: [],
    pending: [],
    domain: world.domain === null ? null : forkDomain(world.domain, domain ?? missingBranchStream()),
    inBranch: true,
  };
}

function missingBranchStream(): never {
  throw new Error('a prophecy branch of a world with a domain model needs its own domain stream');
}

/**
 * The domain stream of prophecy branch `label` (`prophecy/{seq}/{b}`), opened only when the
 * world has a domain model: worlds without one open exactly the streams they always did.
 */
export function branchDomainStream(world: World, label: string): RandomStream | null {
  return world.domain === null ? null : openStream(world.seed, `${label}/domain`);
}
