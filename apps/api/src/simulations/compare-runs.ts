import type { DomainState, EngineEvent } from '@sim/engine';
import type { EngineRunner } from '../engine-work/engine-runner.js';
import type { ReplayResult, StepDigest } from '../engine-work/engine-task.js';
import { replayHistory } from '../engine-work/replay-history.js';
import type { ReplayInput } from './simulation-store.js';
import { prophecyId } from './tick-collector.js';

/** The most points a stability series holds; a longer common range is sampled evenly. */
export const STABILITY_SERIES_POINTS = 500;
/** The most points a domain series holds (docs/api.md, "Comparing runs"): a domain state is larger than a number. */
export const DOMAIN_SERIES_POINTS = 100;
/** The most paradoxes, and prophecies, a comparison lists of each run (docs/api.md, "Comparing runs"). */
export const COMPARED_LIST_LIMIT = 1_000;

export interface RunParadox {
  tick: number;
  kind: string;
  attractor: string;
  prophecy: { id: string; seq: number; tick: number };
}

export interface RunProphecy {
  id: string;
  seq: number;
  tick: number;
}

/** What one of the two runs did over the common range. */
export interface RunDigest {
  id: string;
  /** Attractor id → the tick its basin was lost at. */
  losses: Map<string, number>;
  /** The attractors of the sampled steps, and every one lost in the range. */
  attractors: Set<string>;
  /** The first COMPARED_LIST_LIMIT paradoxes of the range, in order. */
  paradoxes: RunParadox[];
  paradoxCount: number;
  /** The first COMPARED_LIST_LIMIT prophecies of the range, in order. */
  prophecies: RunProphecy[];
  prophecyCount: number;
  /** Stability at each sampled tick, in order. */
  stability: number[];
  /** `state.domain` at each tick sampled for the domain series, in order (null: the world has no domain model). */
  domain: (DomainState | null)[];
}

/** Two runs compared over their common range. */
export interface RunComparison {
  firstDifferenceTick: number | null;
  left: RunDigest;
  right: RunDigest;
  /**
   * The most step hashes held at once, waiting for the other run's step of the same tick: at
   * most one stretch of the run ahead, however long the range (the memory bound a test checks).
   */
  heldHashes: number;
}

/** One of the two replays, read in step with the other. */
interface Side {
  digest: RunDigest;
  stretches: AsyncGenerator<ReplayResult, void, void>;
  /** Hashes of the steps this run has computed and the other not yet, oldest first. */
  pending: string[];
  tick: number;
  done: boolean;
}

/**
 * The ticks of 1…`range` that a stability series shows: all of them up to
 * STABILITY_SERIES_POINTS, otherwise that many, evenly spread, the first and last included.
 */
export function sampleTicks(range: number, points = STABILITY_SERIES_POINTS): number[] {
  if (range <= points) return Array.from({ length: range }, (_, i) => i + 1);
  return Array.from({ length: points }, (_, i) => 1 + Math.round((i * (range - 1)) / (points - 1)));
}

const emptyDigest = (id: string): RunDigest => ({
  id,
  losses: new Map(),
  attractors: new Set(),
  paradoxes: [],
  paradoxCount: 0,
  prophecies: [],
  prophecyCount: 0,
  stability: [],
  domain: [],
});

/**
 * Replays both simulations over ticks 1…`range` in step, side by side on the runner, and keeps
 * only what a comparison reads: a hash of each step's JSON text (the trace's own bytes, hashed on
 * the worker) until the first tick whose hashes differ, the sampled fields of the sampled ticks,
 * and the events' digest.
 * Each replay asks its next stretch only once the other has caught up with it, so what is held
 * is at most one stretch of the run ahead, never the range (docs/api.md, "Comparing runs").
 */
export async function compareRuns(
  runner: EngineRunner,
  runs: readonly [{ id: string; history: ReplayInput }, { id: string; history: ReplayInput }],
  range: number,
  sampled: readonly number[],
  signal: AbortSignal | undefined,
  domainSampled: readonly number[] = [],
): Promise<RunComparison> {
  const [left, right] = runs.map(({ id, history }): Side => ({
    digest: emptyDigest(id),
    stretches: replayHistory(
      runner,
      {
        scenario: history.scenario,
        engineVersion: history.engineVersion,
        inputs: history.inputs.filter((entry) => entry.tick <= range),
        untilTick: range,
        // Each step's hash and sampled fields, made on the worker from the step's JSON text (the
        // same hash for the same text): the event loop neither hashes nor parses a step.
        format: 'digests',
        keepEvents: true,
      },
      signal,
    ),
    pending: [],
    tick: 0,
    done: range === 0,
  })) as [Side, Side];
  const wanted: Sampled = { stability: new Set(sampled), domain: new Set(domainSampled) };
  let firstDifferenceTick: number | null = null;
  let matched = 0;
  let heldHashes = 0;
  const hashing = () => firstDifferenceTick === null;
  for (;;) {
    // Match what both have computed; a difference stops the hashing for good.
    const common = Math.min(left.pending.length, right.pending.length);
    for (let i = 0; i < common && hashing(); i++) {
      if (left.pending[i] !== right.pending[i]) firstDifferenceTick = matched + i + 1;
    }
    matched += common;
    left.pending.splice(0, common);
    right.pending.splice(0, common);
    if (!hashing()) left.pending.length = right.pending.length = 0;
    // Ask the run behind (both when level) for its next stretch.
    const behind = [left, right].filter((side) => !side.done && side.tick <= Math.min(left.done ? Infinity : left.tick, right.done ? Infinity : right.tick));
    if (behind.length === 0) break;
    await Promise.all(behind.map((side) => pull(side, wanted, hashing)));
    heldHashes = Math.max(heldHashes, left.pending.length, right.pending.length);
  }
  return { firstDifferenceTick, left: left.digest, right: right.digest, heldHashes };
}

/** The ticks whose steps a comparison reads: for the stability series and for the domain series. */
interface Sampled {
  readonly stability: ReadonlySet<number>;
  readonly domain: ReadonlySet<number>;
}

/** Takes one stretch of a run: its steps' hashes (while they are compared), samples and events. */
async function pull(side: Side, wanted: Sampled, hashing: () => boolean): Promise<void> {
  const next = await side.stretches.next();
  if (next.done === true) {
    side.done = true;
    return;
  }
  const { digest } = side;
  for (const step of next.value.steps as StepDigest[]) {
    side.tick++;
    if (hashing()) side.pending.push(step.hash);
    if (wanted.domain.has(side.tick)) digest.domain.push(step.domain);
    if (!wanted.stability.has(side.tick)) continue;
    for (const attractor of step.attractors) digest.attractors.add(attractor);
    digest.stability.push(step.stability);
  }
  for (const event of next.value.events) takeEvent(digest, event);
}

function takeEvent(digest: RunDigest, event: EngineEvent): void {
  if (event.type === 'loss') {
    if (!digest.losses.has(event.data.attractor)) digest.losses.set(event.data.attractor, event.data.tick);
    digest.attractors.add(event.data.attractor);
  } else if (event.type === 'paradox') {
    const { tick, kind, attractor, prophecy } = event.data;
    if (digest.paradoxCount++ < COMPARED_LIST_LIMIT) {
      digest.paradoxes.push({ tick, kind, attractor, prophecy: { id: prophecyId(digest.id, prophecy.seq), seq: prophecy.seq, tick: prophecy.tick } });
    }
  } else if (event.type === 'prophecy') {
    if (digest.prophecyCount++ < COMPARED_LIST_LIMIT)
      digest.prophecies.push({ id: prophecyId(digest.id, event.data.seq), seq: event.data.seq, tick: event.data.tick });
  }
}
