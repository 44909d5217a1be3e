import { createHash } from 'node:crypto';
import { Simulation, type EngineEvent, type EngineSnapshot, type ProphecyBasinV4, type ProphecyDataV4, type ScenarioInput } from '../../src/index.js';
import { pairedDifferenceInterval } from '../../src/model/calibrated/paired-interval.js';
import { verdictOf } from '../../src/model/calibrated/paired-effect.js';
import { probabilityThreshold, tickThreshold } from '../../src/model/attribute-prophecy.js';

/**
 * The independent counterfactual of a 1.3.0 verdict, computed without the engine's branches:
 * the main world itself, restored from its snapshot at the prophecy's tick, is run `replicates`
 * times on fresh streams (a reseed input with a seed of its own per replicate), once with the
 * agents reacting to the prophecy while it reigns and once with the prophecy removed (reflexivity
 * 0 from the next tick). Both arms of a replicate share the reseed, so they are pairs. Later
 * prophecies are switched off in both arms (`prophecyInterval` 0) and nobody reacts after the
 * reign: the claim checked is the one the engine makes, the effect of this prophecy's reign.
 */
export interface PropheciedMoment {
  readonly snapshot: EngineSnapshot;
  readonly data: ProphecyDataV4;
  readonly seq: number;
}

/** Every prophecy of a run with the world as it stood when each was made (up to `limit` of them). */
export function propheciesOf(scenario: ScenarioInput, ticks: number, accept: (data: ProphecyDataV4) => boolean, limit: number): PropheciedMoment[] {
  const sim = Simulation.create(scenario, { engineVersion: '1.3.0' });
  const found: PropheciedMoment[] = [];
  while (sim.tick < ticks && !sim.completed && found.length < limit) {
    let made: { seq: number; data: ProphecyDataV4 } | null = null;
    sim.step(1, {
      onEvent: (event) => {
        if (event.type === 'prophecy' && event.data.data.schema === 'prophecy/4') made = { seq: event.data.seq, data: event.data.data };
      },
    });
    const prophecy = made as { seq: number; data: ProphecyDataV4 } | null;
    if (prophecy !== null && accept(prophecy.data)) found.push({ snapshot: sim.snapshot(), data: prophecy.data, seq: prophecy.seq });
  }
  return found;
}

/** A replicate's own seed, from its number: unrelated to the engine's branch streams. */
function replicateSeed(replicate: number): number {
  return createHash('sha256').update(`independent-check:${replicate}`).digest().readUInt32BE(0);
}

/**
 * How the arms treat what comes after the reign: by default later prophecies are off and
 * nobody reacts after the reign (the engine's claim); `laterProphecies` keeps them, and only
 * this prophecy's reaction is removed (the review's method, which the claim does not cover).
 */
export interface CheckOptions {
  readonly laterProphecies?: boolean;
}

/** The tick at which `attractor` was lost in one arm, or -1 by the end of the window. */
function armLossTick(moment: PropheciedMoment, attractor: string, replicate: number, reacting: boolean, options: CheckOptions): number {
  const { horizon, reign, tick } = moment.data;
  const sim = Simulation.restore(moment.snapshot);
  const reflexivity = moment.snapshot.rules.reflexivity;
  sim.enqueue({ kind: 'reseed', seed: replicateSeed(replicate) });
  if (!options.laterProphecies) sim.decree({ type: 'set-rule', payload: { rule: 'prophecyInterval', value: 0 } });
  if (!reacting) sim.decree({ type: 'set-rule', payload: { rule: 'reflexivity', value: 0 } });
  let lostAt = -1;
  const watch = { onEvent: (event: EngineEvent) => void (event.type === 'loss' && event.data.attractor === attractor && (lostAt = event.data.tick)) };
  sim.step(reign, watch);
  if (options.laterProphecies && !reacting) sim.decree({ type: 'set-rule', payload: { rule: 'reflexivity', value: reflexivity } });
  if (!options.laterProphecies && reacting) sim.decree({ type: 'set-rule', payload: { rule: 'reflexivity', value: 0 } });
  while (lostAt < 0 && sim.tick < tick + 2 * horizon && !sim.completed) sim.step(1, watch);
  return lostAt;
}

/** What the independent check found for one basin. */
export interface IndependentEffect {
  readonly withReaction: number;
  readonly without: number;
  readonly effect: number;
  readonly verdict: ReturnType<typeof verdictOf>;
}

/** The independent effect of the prophecy's reign on one basin over `replicates` paired replicates. */
export function independentEffect(moment: PropheciedMoment, attractor: string, replicates: number, options: CheckOptions = {}): IndependentEffect {
  const { horizon, tick, branches } = moment.data;
  const close = tick + horizon;
  const counts = { p: [0, 0, 0, 0], q: [0, 0, 0, 0] };
  let pairs = 0;
  let sum = 0;
  let squareSum = 0;
  let lostWith = 0;
  let lostWithout = 0;
  for (let r = 0; r < replicates; r++) {
    const w = armLossTick(moment, attractor, r, true, options);
    const o = armLossTick(moment, attractor, r, false, options);
    const tally = (cell: number[], lw: boolean, lo: boolean): void => {
      const index = lw && lo ? 0 : lw ? 1 : lo ? 2 : 3;
      cell[index] = (cell[index] as number) + 1;
    };
    tally(counts.p, w >= 0 && w <= close, o >= 0 && o <= close);
    tally(counts.q, w >= 0, o >= 0);
    if (w >= 0 && w <= close) lostWith++;
    if (o >= 0 && o <= close) lostWithout++;
    if (w >= 0 && w <= close && o >= 0 && o <= close) {
      pairs++;
      sum += w - o;
      squareSum += (w - o) * (w - o);
    }
  }
  const [pb, pw, po, pn] = counts.p as [number, number, number, number];
  const [qb, qw, qo, qn] = counts.q as [number, number, number, number];
  const effect = (pw - po) / replicates;
  const mean = pairs > 0 ? sum / pairs : 0;
  const variance = pairs > 1 ? Math.max(0, (squareSum - pairs * mean * mean) / (pairs - 1)) : 0;
  const half = pairs > 1 ? 2.1 * Math.sqrt(variance / pairs) : 0;
  const anyLoss = pb + pw + po + qb + qw + qo > 0;
  const verdict = anyLoss
    ? verdictOf(
        {
          lossProbability: effect,
          lossProbabilityInterval: pairedDifferenceInterval(pb, pw, po, pn),
          windowLossProbability: (qw - qo) / replicates,
          windowLossProbabilityInterval: pairedDifferenceInterval(qb, qw, qo, qn),
          expectedLossTick: pairs > 0 ? mean : lostWith + lostWithout === 0 ? 0 : null,
          expectedLossTickInterval: pairs > 1 ? { low: mean - half, high: mean + half } : lostWith + lostWithout === 0 ? { low: 0, high: 0 } : null,
        },
        probabilityThreshold(branches),
        tickThreshold(horizon),
      )
    : 'neutral';
  return { withReaction: lostWith / replicates, without: lostWithout / replicates, effect, verdict };
}

/** The basins of a prophecy that anything happened to: lost in some branch, or given a verdict other than neutral. */
export function contestedBasins(data: ProphecyDataV4): [string, ProphecyBasinV4][] {
  return Object.entries(data.basins).filter(
    ([, basin]) =>
      basin.attribution.verdict !== 'neutral' ||
      basin.attribution.withoutReaction.lossProbability > 0 ||
      basin.attribution.withReaction.lossProbability > 0 ||
      (basin.attribution.withoutReaction.windowLossProbability ?? 0) > 0 ||
      (basin.attribution.withReaction.windowLossProbability ?? 0) > 0,
  );
}
