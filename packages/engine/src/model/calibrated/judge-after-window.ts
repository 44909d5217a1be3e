import type { Loss, Paradox } from '../../schemas/outputs.js';
import type { EventSink } from '../apply-input.js';
import type { OpenProphecy, World } from '../world.js';

function paradox(prophecy: { seq: number; tick: number }, tick: number, kind: Paradox['kind'], attractor: string, p: number, message: string): Paradox {
  return { tick, kind, prophecy: { seq: prophecy.seq, tick: prophecy.tick }, attractor, predictedLossProbability: p, message };
}

/**
 * 1.3.0 (docs/engine.md, "Paradoxes of 1.3.0"): a forecast is judged against the whole window
 * its verdict speaks of (twice the horizon).
 *
 * - A loss within the horizon settles the forecast; it is `unforeseen` when neither the published
 *   forecast nor the reaction to it gave it more than 1 − confidence.
 * - A confident forecast (P ≥ confidence) whose loss comes after the horizon, within the
 *   window, is `postponed`.
 * - A confident forecast whose basin still stands when the window closes is `averted` when the
 *   prophecy's verdict on it is self-defeating (the reaction prevented it), `unfulfilled` otherwise.
 * - A basin judged averted is watched: its later loss is `lost-after-averted`.
 */
export function judgeAfterWindow(world: World, tick: number, losses: readonly Loss[], sink: EventSink): void {
  const confidence = world.rules.paradoxConfidence;
  for (const loss of losses) {
    const watched = world.averted.findIndex((entry) => entry.attractor === loss.attractor);
    if (watched < 0) continue;
    const entry = world.averted[watched] as (typeof world.averted)[number];
    world.averted.splice(watched, 1);
    sink({
      type: 'paradox',
      data: paradox(
        entry,
        tick,
        'lost-after-averted',
        loss.attractor,
        entry.predictedLossProbability,
        `"${loss.attractor}", judged averted at tick ${entry.judgedAt} (prophecy ${entry.seq}), was lost ${tick - entry.judgedAt} ticks later, at tick ${tick}`,
      ),
    });
  }
  if (world.openProphecies.length === 0) return;

  const stillOpen: OpenProphecy[] = [];
  for (const prophecy of world.openProphecies) {
    const close = prophecy.tick + prophecy.horizon;
    const windowEnd = prophecy.tick + 2 * prophecy.horizon;
    for (const loss of losses) {
      const p = prophecy.lossProbability[loss.attractor];
      if (p === undefined || prophecy.settled.includes(loss.attractor)) continue;
      if (tick <= close) {
        prophecy.settled.push(loss.attractor);
        const reacted = prophecy.reactedLossProbability?.[loss.attractor] ?? p;
        if (Math.max(p, reacted) <= 1 - confidence) {
          sink({
            type: 'paradox',
            data: paradox(
              prophecy,
              tick,
              'unforeseen',
              loss.attractor,
              p,
              `"${loss.attractor}" was lost although prophecy ${prophecy.seq} gave it ${p}, and ${reacted} with the reaction to it`,
            ),
          });
        }
      } else if (p >= confidence && tick <= windowEnd) {
        prophecy.settled.push(loss.attractor);
        sink({
          type: 'paradox',
          data: paradox(
            prophecy,
            tick,
            'postponed',
            loss.attractor,
            p,
            `prophecy ${prophecy.seq} gave "${loss.attractor}" a loss probability of ${p} by tick ${close}; it was lost later, at tick ${tick}, within the window (${windowEnd})`,
          ),
        });
      }
    }
    let awaiting = false;
    if (tick >= close) {
      for (const [attractor, p] of Object.entries(prophecy.lossProbability)) {
        if (p < confidence || prophecy.settled.includes(attractor)) continue;
        if (tick < windowEnd) {
          awaiting = true;
          continue;
        }
        prophecy.settled.push(attractor);
        const verdict = prophecy.verdicts?.[attractor];
        if (verdict === 'self-defeating') {
          world.averted = world.averted.filter((entry) => entry.attractor !== attractor && world.attractorIds.includes(entry.attractor));
          world.averted.push({ attractor, seq: prophecy.seq, tick: prophecy.tick, judgedAt: tick, predictedLossProbability: p });
          sink({
            type: 'paradox',
            data: paradox(
              prophecy,
              tick,
              'averted',
              attractor,
              p,
              `prophecy ${prophecy.seq} gave "${attractor}" a loss probability of ${p}; the reaction to it saved it: it still stands at the end of the window`,
            ),
          });
        } else {
          sink({
            type: 'paradox',
            data: paradox(
              prophecy,
              tick,
              'unfulfilled',
              attractor,
              p,
              `prophecy ${prophecy.seq} gave "${attractor}" a loss probability of ${p}, and it still stands at the end of the window; the verdict (${verdict ?? 'none'}) does not credit the reaction`,
            ),
          });
        }
      }
    }
    if (tick < close || awaiting) stillOpen.push(prophecy);
  }
  world.openProphecies = stillOpen;
}
