import { expect } from 'vitest';
import { Simulation, type EngineEvent, type Paradox, type ProphecyBasinV3, type ProphecyDataV3, type ScenarioFile } from '../src/index.js';
import { runnable } from './scenario-files.js';

/** The scenarios of scenarios/tools/prophecy-scenarios.ts (and self-defeating-prophecy) and what each note claims under 1.2.0. */
export interface ScenarioCheck {
  /** Ticks to run: just far enough for the claim to be decided. */
  ticks: number;
  /** Null when the claim holds for this run, otherwise what went wrong. */
  check: (events: readonly EngineEvent[]) => string | null;
}

/** The events of `ticks` ticks of a scenario file with its seed replaced. */
export function runWithSeed(file: ScenarioFile, seed: number, ticks: number, engineVersion = '1.2.0'): EngineEvent[] {
  const events: EngineEvent[] = [];
  Simulation.create({ ...runnable(file), seed }, { engineVersion }).step(ticks, { onEvent: (event) => void events.push(event) });
  return events;
}

const prophecyData = (events: readonly EngineEvent[], seq: number): ProphecyDataV3 | null => {
  for (const event of events) if (event.type === 'prophecy' && event.data.seq === seq && event.data.data.schema === 'prophecy/3') return event.data.data;
  return null;
};
const basinOf = (events: readonly EngineEvent[], seq: number, attractor: string): ProphecyBasinV3 | null =>
  prophecyData(events, seq)?.basins[attractor] ?? null;
const paradoxesOf = (events: readonly EngineEvent[], attractor: string): Paradox[] =>
  events.flatMap((e) => (e.type === 'paradox' && e.data.attractor === attractor ? [e.data] : []));
const lossTick = (events: readonly EngineEvent[], attractor: string): number | null => {
  for (const event of events) if (event.type === 'loss' && event.data.attractor === attractor) return event.data.tick;
  return null;
};
const kinds = (paradoxes: readonly Paradox[]): string => paradoxes.map((p) => p.kind).join(',');

function verdictIs(expected: string, seq: number, attractor: string): (events: readonly EngineEvent[]) => string | null {
  return (events) => {
    const basin = basinOf(events, seq, attractor);
    return basin?.attribution.verdict === expected ? null : `prophecy ${seq} gave "${attractor}" the verdict ${basin?.attribution.verdict ?? 'none'}`;
  };
}

export const PROPHECY_SCENARIO_CHECKS: Readonly<Record<string, ScenarioCheck>> = {
  'prophecy-self-fulfilling': {
    ticks: 16,
    check: (events) => {
      const verdict = verdictIs('self-fulfilling', 1, 'lure')(events);
      if (verdict !== null) return verdict;
      const lost = lossTick(events, 'lure');
      return lost !== null ? null : '"lure" was not lost by tick 16';
    },
  },
  'prophecy-postponed': {
    ticks: 60,
    check: (events) => {
      const verdict = verdictIs('postponing', 1, 'well-1-1')(events);
      if (verdict !== null) return verdict;
      const basin = basinOf(events, 1, 'well-1-1') as ProphecyBasinV3;
      if (basin.lossProbability !== 1 || basin.attribution.withReaction.windowLossProbability !== 1)
        return 'the loss was not certain in both ensembles over the window';
      const lost = lossTick(events, 'well-1-1');
      const found = paradoxesOf(events, 'well-1-1');
      if (lost === null || lost <= 45) return `"well-1-1" was lost at ${lost}, not after the horizon (tick 45)`;
      if (kinds(found) !== 'postponed' || found[0]?.tick !== lost) return `paradoxes ${kinds(found)} instead of one postponed at the loss`;
      return null;
    },
  },
  'prophecy-hastened': {
    ticks: 25,
    check: (events) => {
      const verdict = verdictIs('hastening', 1, 'well-1-1')(events);
      const effect = basinOf(events, 1, 'well-1-1')?.attribution.effect;
      if (verdict !== null) return verdict;
      return effect?.lossProbability === 0 && (effect.expectedLossTick ?? 0) <= -2 ? null : `effect ${JSON.stringify(effect)}`;
    },
  },
  'prophecy-sceptics': {
    ticks: 46,
    check: (events) => {
      for (const event of events) {
        if (event.type !== 'prophecy' || event.data.data.schema !== 'prophecy/3') continue;
        for (const [id, basin] of Object.entries(event.data.data.basins)) {
          const { effect, verdict } = basin.attribution;
          if (verdict !== 'neutral' || effect.lossProbability !== 0 || effect.windowLossProbability !== 0 || effect.expectedLossTick !== 0) {
            return `prophecy ${event.data.seq}: "${id}" ${verdict} ${JSON.stringify(effect)}`;
          }
        }
      }
      const lost = lossTick(events, 'well-1-1');
      if ((basinOf(events, 1, 'well-1-1')?.lossProbability ?? 0) < 0.8) return 'prophecy 1 was not confident of the loss';
      if (lost === null || lost > 45) return `"well-1-1" was lost at ${lost}, not within the horizon`;
      return paradoxesOf(events, 'well-1-1').length === 0 ? null : `paradoxes ${kinds(paradoxesOf(events, 'well-1-1'))}`;
    },
  },
  'fixed-point-consistent': {
    ticks: 70,
    check: (events) => {
      const fixed = prophecyData(events, 1)?.fixedPoint;
      if (fixed?.status !== 'converged') return `fixed point ${fixed?.status ?? 'missing'}`;
      if (JSON.stringify(fixed.history['doomed']) !== '[1,1]') return `history ${JSON.stringify(fixed.history['doomed'])}`;
      const lost = lossTick(events, 'doomed');
      if (lost === null || lost > 70) return `"doomed" lost at ${lost}, not within the horizon`;
      return paradoxesOf(events, 'doomed').length === 0 ? null : `paradoxes ${kinds(paradoxesOf(events, 'doomed'))}`;
    },
  },
  'fixed-point-unstable': {
    ticks: 30,
    check: (events) => {
      const fixed = prophecyData(events, 1)?.fixedPoint;
      if (fixed?.status !== 'unstable' || fixed.iterations !== 4) return `fixed point ${fixed?.status ?? 'missing'} after ${fixed?.iterations}`;
      const unstable = paradoxesOf(events, 'doomed').filter((p) => p.kind === 'unstable-prophecy');
      if (unstable.length !== 1 || unstable[0]?.tick !== 30) return `${unstable.length} unstable-prophecy paradoxes`;
      const swings = unstable[0]?.iterations ?? [];
      return JSON.stringify(swings) === '[1,0,1,0,1]' ? null : `iterations ${JSON.stringify(swings)}`;
    },
  },
  'self-defeating-prophecy': {
    ticks: 110,
    check: (events) => {
      const verdict = verdictIs('self-defeating', 1, 'doomed')(events);
      if (verdict !== null) return verdict;
      const basin = basinOf(events, 1, 'doomed') as ProphecyBasinV3;
      const averted = paradoxesOf(events, 'doomed');
      const due = Math.ceil(basin.expectedLossTick ?? 0) + 40;
      if (lossTick(events, 'doomed') !== null) return '"doomed" was lost';
      // The verdict waits a horizon after the forecast loss tick, not just the prophecy's horizon.
      return kinds(averted) === 'averted' && averted[0]?.tick === due ? null : `paradoxes ${kinds(averted)} at ${averted[0]?.tick}, expected averted at ${due}`;
    },
  },
};

/**
 * For scenarios.test.ts: under 1.2.0 the claim holds on the file's own seed; older versions run
 * the scenario (they have no attribution, and ignore belief and the fixed-point rules).
 */
export function prophecyScenarioClaims(scenario: (id: string) => ScenarioFile): Record<string, (version: string) => void> {
  const claims: Record<string, (version: string) => void> = {};
  for (const [id, { ticks, check }] of Object.entries(PROPHECY_SCENARIO_CHECKS)) {
    if (id === 'self-defeating-prophecy') continue;
    claims[id] = (version) => {
      const file = scenario(id);
      const events = runWithSeed(file, file.seed, ticks, version);
      if (version === '1.2.0') expect(check(events)).toBeNull();
      else expect(events.some((e) => e.type === 'prophecy')).toBe(true);
    };
  }
  return claims;
}
