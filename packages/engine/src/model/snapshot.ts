import { restoreDomain, toStoredDomain } from '../domain/stored-domain.js';
import { resumeStream } from '../rng/random-stream.js';
import { DEFAULT_POLICY } from '../schemas/policy.js';
import { RULE_DEFAULTS } from '../schemas/rules.js';
import { SNAPSHOT_FORMAT, type EngineSnapshot } from '../schemas/snapshot.js';
import type { VersionFeatures } from '../versions/version-features.js';
import type { EngineInput } from './engine-input.js';
import { emptyWorld, PREFERENCE_STRIDE, type World } from './world.js';

export type { EngineSnapshot } from '../schemas/snapshot.js';

/** A key of the snapshot's object `V`, under `K`: `agents.x`, `streams.motion` (not into arrays). */
type SubPath<K extends string, V> =
  NonNullable<V> extends readonly unknown[] ? never : NonNullable<V> extends object ? `${K}.${keyof NonNullable<V> & string}` : never;

/** A field of the snapshot format, as a dotted path of at most two keys: `tick`, `agents.x`, `streams.motion`. */
export type SnapshotPath = { [K in keyof EngineSnapshot & string]: K | SubPath<K, EngineSnapshot[K]> }[keyof EngineSnapshot & string];

/**
 * Where one field of the world goes in a snapshot: saved at a path of the format (`… (length)`:
 * as the length of that array), derived from saved fields when the world is rebuilt, or scratch
 * that every tick writes before it reads it.
 */
export type SnapshotPlace = SnapshotPath | `${SnapshotPath} (length)` | `derived from ${SnapshotPath}` | 'scratch';

/**
 * Where each field of the world goes in a snapshot. Typed over every key of `World`, so a field
 * added to the world does not compile until it is placed here, and each place must name a field
 * the snapshot schema declares. `test/snapshot-fields.test.ts` holds the table to what
 * `toSnapshot` and `fromSnapshot` do: every saved path is written, and every field but scratch
 * comes back equal after a round trip (scratch ones too, one tick later).
 */
export const WORLD_FIELDS_IN_SNAPSHOT: Readonly<Record<keyof World, SnapshotPlace>> = {
  features: 'engineVersion',
  seed: 'seed',
  rules: 'rules',
  width: 'width',
  height: 'height',
  terrain: 'terrain',
  gradX: 'derived from terrain',
  gradY: 'derived from terrain',
  density: 'scratch',
  tick: 'tick',
  completion: 'completion',
  agentCount: 'agents.ids (length)',
  agentIds: 'agents.ids',
  px: 'agents.x',
  py: 'agents.y',
  vx: 'agents.vx',
  vy: 'agents.vy',
  lambda: 'agents.lambda',
  gamma: 'agents.gamma',
  belief: 'agents.belief',
  basin: 'agents.basin',
  prefs: 'agents.preferences',
  attractorCount: 'attractors.ids (length)',
  attractorIds: 'attractors.ids',
  ax: 'attractors.x',
  ay: 'attractors.y',
  depth: 'attractors.depth',
  depth0: 'attractors.initialDepth',
  radius: 'attractors.radius',
  capacity: 'attractors.capacity',
  load: 'attractors.load',
  lost: 'attractors.lost',
  reaction: 'scratch',
  tipAgent: 'scratch',
  tipScore: 'scratch',
  usedAttractorIds: 'usedAttractorIds',
  lostOrder: 'lostOrder',
  motion: 'streams.motion',
  environment: 'streams.environment',
  stability: 'stability',
  belowThreshold: 'belowThreshold',
  prophecySeq: 'prophecySeq',
  standing: 'standing',
  openProphecies: 'openProphecies',
  averted: 'averted',
  pending: 'pending',
  lastMove: 'lastMove',
  domain: 'domain',
  // False outside a prophecy branch, and a branch is never snapshot.
  inBranch: 'scratch',
};

/** The first `n` numbers of `array` from `from` on, as a packed array (a plain loop: a snapshot of a large world is taken on every step). */
function list(array: ArrayLike<number>, n: number, from = 0): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(array[from + i] as number);
  return out;
}

type Agents = EngineSnapshot['agents'];
type Attractors = EngineSnapshot['attractors'];
/** World arrays that hold one number per agent (or per attractor slot). */
type NumberColumn = { [K in keyof World]: World[K] extends Float64Array | Int32Array ? K : never }[keyof World];

/**
 * The per-agent number columns: snapshot key → world array. Typed over the snapshot schema's
 * keys, so a column added to the schema does not compile until it is mapped here, and
 * `toSnapshot` and `fromSnapshot` both read this one table. (`ids`, `preferences` and the
 * version-dependent `belief` are written by hand.)
 */
const AGENT_COLUMNS: { readonly [K in Exclude<keyof Agents, 'ids' | 'preferences' | 'belief'>]: NumberColumn } = {
  x: 'px',
  y: 'py',
  vx: 'vx',
  vy: 'vy',
  lambda: 'lambda',
  gamma: 'gamma',
  basin: 'basin',
};

/** The per-attractor number columns, likewise (`ids` and the boolean `lost` by hand). */
const ATTRACTOR_COLUMNS: { readonly [K in Exclude<keyof Attractors, 'ids' | 'lost'>]: NumberColumn } = {
  x: 'ax',
  y: 'ay',
  depth: 'depth',
  initialDepth: 'depth0',
  radius: 'radius',
  capacity: 'capacity',
  load: 'load',
};

/** Rows 0 … n − 1 of the preference table, `k` columns each. */
function rows(prefs: Float64Array, n: number, k: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < n; i++) out.push(list(prefs, k, i * PREFERENCE_STRIDE));
  return out;
}

function columnsOf<K extends string>(world: World, table: { readonly [key in K]: NumberColumn }, n: number): Record<K, number[]> {
  return Object.fromEntries(Object.entries<NumberColumn>(table).map(([key, field]) => [key, list(world[field], n)])) as Record<K, number[]>;
}

function restoreColumns<T extends { readonly [key: string]: NumberColumn }>(world: World, table: T, from: { readonly [K in keyof T]: number[] }): void {
  for (const [key, field] of Object.entries<NumberColumn>(table)) world[field].set(from[key as keyof T]);
}

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
    terrain: list(world.terrain, world.terrain.length),
    tick: world.tick,
    completion: world.completion,
    agents: {
      ids: world.agentIds.slice(0, n),
      ...columnsOf(world, AGENT_COLUMNS, n),
      ...(world.features.beliefPolicy ? { belief: list(world.belief, n) } : {}),
      preferences: rows(world.prefs, n, k),
    },
    attractors: {
      ids: world.attractorIds.slice(0, k),
      ...columnsOf(world, ATTRACTOR_COLUMNS, k),
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
    ...(world.features.verdictsAwaitWindow ? { averted: world.averted.map((entry) => ({ ...entry })) } : {}),
    pending: JSON.parse(JSON.stringify(world.pending)) as EngineInput[],
    lastMove: world.lastMove,
    ...(world.domain !== null ? { domain: toStoredDomain(world.domain) } : {}),
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
  restoreColumns(world, AGENT_COLUMNS, agents);
  world.belief.set(agents.belief ?? agents.ids.map(() => DEFAULT_POLICY.belief));
  agents.preferences.forEach((row, i) => world.prefs.set(row, i * PREFERENCE_STRIDE));

  world.attractorCount = attractors.ids.length;
  world.attractorIds = [...attractors.ids];
  restoreColumns(world, ATTRACTOR_COLUMNS, attractors);
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
  world.averted = (snapshot.averted ?? []).map((entry) => ({ ...entry }));
  world.pending = JSON.parse(JSON.stringify(snapshot.pending)) as EngineInput[];
  world.lastMove = snapshot.lastMove;
  world.domain = snapshot.domain === undefined ? null : restoreDomain(snapshot.domain);
  return world;
}
