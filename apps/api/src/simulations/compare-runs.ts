import type { EngineEvent, TraceStep } from '@sim/engine';
import { createHash } from 'node:crypto';
import type { EngineRunner } from '../engine-work/engine-runner.js';
import { replayHistory } from '../engine-work/replay-history.js';
import type { ReplayInput } from './simulation-store.js';
import { prophecyId } from './tick-collector.js';

/** The most points a stability series holds; a longer common range is sampled evenly. */
export const STABILITY_SERIES_POINTS = 500;

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
  /** Hash of each trace step's JSON, tick 1 first: equal hashes, equal steps. */
  stepHashes: string[];
  /** Attractor id → the tick its basin was lost at. */
  losses: Map<string, number>;
  /** The attractors of the sampled steps, and every one lost in the range. */
  attractors: Set<string>;
  paradoxes: RunParadox[];
  prophecies: RunProphecy[];
  /** Stability at each sampled tick, in order. */
  stability: number[];
}

/**
 * The ticks of 1…`range` that a stability series shows: all of them up to
 * STABILITY_SERIES_POINTS, otherwise that many, evenly spread, the first and last included.
 */
export function sampleTicks(range: number, points = STABILITY_SERIES_POINTS): number[] {
  if (range <= points) return Array.from({ length: range }, (_, i) => i + 1);
  return Array.from({ length: points }, (_, i) => 1 + Math.round((i * (range - 1)) / (points - 1)));
}

/**
 * Replays one simulation over ticks 1…`range` and keeps only what a comparison reads: a hash of
 * each step's JSON (as the worker wrote it, the trace's own text) and, at the sampled ticks, the
 * parsed step; memory stays small and the main thread parses at most the sampled steps however
 * long the range.
 */
export async function digestRun(runner: EngineRunner, id: string, history: ReplayInput, range: number, sampled: readonly number[], signal: AbortSignal | undefined): Promise<RunDigest> {
  const digest: RunDigest = { id, stepHashes: [], losses: new Map(), attractors: new Set(), paradoxes: [], prophecies: [], stability: [] };
  if (range === 0) return digest;
  const wanted = new Set(sampled);
  const stretches = replayHistory(
    runner,
    { scenario: history.scenario, engineVersion: history.engineVersion, inputs: history.inputs.filter((entry) => entry.tick <= range), untilTick: range, format: 'json', keepEvents: true },
    signal,
  );
  let tick = 0;
  for await (const stretch of stretches) {
    for (const text of stretch.steps) {
      tick++;
      digest.stepHashes.push(createHash('sha256').update(text as string).digest('base64'));
      if (!wanted.has(tick)) continue;
      const step = JSON.parse(text as string) as TraceStep;
      for (const attractor of step.state.attractors) digest.attractors.add(attractor.id);
      digest.stability.push(step.state.stability);
    }
    for (const event of stretch.events) takeEvent(digest, event);
  }
  return digest;
}

function takeEvent(digest: RunDigest, event: EngineEvent): void {
  if (event.type === 'loss') {
    if (!digest.losses.has(event.data.attractor)) digest.losses.set(event.data.attractor, event.data.tick);
    digest.attractors.add(event.data.attractor);
  } else if (event.type === 'paradox') {
    const { tick, kind, attractor, prophecy } = event.data;
    digest.paradoxes.push({ tick, kind, attractor, prophecy: { id: prophecyId(digest.id, prophecy.seq), seq: prophecy.seq, tick: prophecy.tick } });
  } else if (event.type === 'prophecy') {
    digest.prophecies.push({ id: prophecyId(digest.id, event.data.seq), seq: event.data.seq, tick: event.data.tick });
  }
}

/** The first tick (1-based) at which the two runs' steps differ, or null when none does. */
export function firstDifference(a: readonly string[], b: readonly string[]): number | null {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return i + 1;
  return null;
}
