import type { Loss, Paradox } from '../schemas/outputs.js';
import type { EventSink } from './apply-input.js';
import { judgeAfterWindow } from './calibrated/judge-after-window.js';
import type { OpenProphecy, World } from './world.js';

/**
 * A prophecy is judged basin by basin while its horizon is open: a loss it gave little chance
 * of (at most 1 − confidence) is an `unforeseen` paradox; a loss it was confident of (at least
 * the confidence) that has not happened when the horizon closes is `averted`. From 1.2.0 on
 * the verdict waits for the outcome (`judgeWhenKnown`).
 */
export function judgeParadoxes(world: World, tick: number, losses: readonly Loss[], sink: EventSink): void {
  if (world.features.verdictsAwaitWindow) {
    if (world.openProphecies.length > 0 || (world.averted.length > 0 && losses.length > 0)) judgeAfterWindow(world, tick, losses, sink);
    return;
  }
  if (world.openProphecies.length === 0) return;
  if (world.features.verdictsWaitForOutcome) {
    judgeWhenKnown(world, tick, losses, sink);
    return;
  }
  const confidence = world.rules.paradoxConfidence;
  for (const prophecy of world.openProphecies) {
    for (const loss of losses) {
      const p = prophecy.lossProbability[loss.attractor];
      if (p === undefined || prophecy.settled.includes(loss.attractor)) continue;
      prophecy.settled.push(loss.attractor);
      if (p <= 1 - confidence) {
        sink({
          type: 'paradox',
          data: {
            tick,
            kind: 'unforeseen',
            prophecy: { seq: prophecy.seq, tick: prophecy.tick },
            attractor: loss.attractor,
            predictedLossProbability: p,
            message: `"${loss.attractor}" was lost although prophecy ${prophecy.seq} gave it ${p}`,
          },
        });
      }
    }
  }
  const closing = world.openProphecies.filter((prophecy) => tick >= prophecy.tick + prophecy.horizon);
  if (closing.length === 0) return;
  world.openProphecies = world.openProphecies.filter((prophecy) => tick < prophecy.tick + prophecy.horizon);
  for (const prophecy of closing) {
    for (const [attractor, p] of Object.entries(prophecy.lossProbability)) {
      if (p < confidence || prophecy.settled.includes(attractor)) continue;
      sink({
        type: 'paradox',
        data: {
          tick,
          kind: 'averted',
          prophecy: { seq: prophecy.seq, tick: prophecy.tick },
          attractor,
          predictedLossProbability: p,
          message: `prophecy ${prophecy.seq} gave "${attractor}" a loss probability of ${p}, and it still stands`,
        },
      });
    }
  }
}

/**
 * The tick by which a confident forecast of loss is judged `averted` (1.2.0): one horizon
 * after the tick the loss was forecast for, and never before the prophecy's own horizon closes.
 */
export function verdictDue(prophecy: OpenProphecy, attractor: string): number {
  const close = prophecy.tick + prophecy.horizon;
  const forecast = prophecy.expectedLossTick?.[attractor];
  return forecast === null || forecast === undefined ? close : Math.max(close, Math.ceil(forecast) + prophecy.horizon);
}

/**
 * 1.2.0: a forecast's verdict is given when it can be known. Within the horizon a loss settles
 * the forecast (an `unforeseen` paradox when it was confidently not expected). A confident
 * forecast whose loss has not come when the horizon closes stays open until `verdictDue`: a
 * loss by then is `postponed`, none is `averted`. A prophecy leaves the open list once every
 * forecast it made is settled or no longer awaited.
 */
function judgeWhenKnown(world: World, tick: number, losses: readonly Loss[], sink: EventSink): void {
  const confidence = world.rules.paradoxConfidence;
  const stillOpen: OpenProphecy[] = [];
  for (const prophecy of world.openProphecies) {
    const close = prophecy.tick + prophecy.horizon;
    for (const loss of losses) {
      const p = prophecy.lossProbability[loss.attractor];
      if (p === undefined || prophecy.settled.includes(loss.attractor)) continue;
      if (tick <= close) {
        prophecy.settled.push(loss.attractor);
        if (p <= 1 - confidence) sink({ type: 'paradox', data: unforeseen(prophecy, tick, loss.attractor, p) });
      } else if (p >= confidence && tick <= verdictDue(prophecy, loss.attractor)) {
        prophecy.settled.push(loss.attractor);
        sink({
          type: 'paradox',
          data: {
            tick,
            kind: 'postponed',
            prophecy: { seq: prophecy.seq, tick: prophecy.tick },
            attractor: loss.attractor,
            predictedLossProbability: p,
            message: `prophecy ${prophecy.seq} gave "${loss.attractor}" a loss probability of ${p} by tick ${close}; it was lost later, at tick ${tick}`,
          },
        });
      }
    }
    let awaiting = false;
    if (tick >= close) {
      for (const [attractor, p] of Object.entries(prophecy.lossProbability)) {
        if (p < confidence || prophecy.settled.includes(attractor)) continue;
        const due = verdictDue(prophecy, attractor);
        if (tick < due) {
          awaiting = true;
          continue;
        }
        prophecy.settled.push(attractor);
        sink({
          type: 'paradox',
          data: {
            tick,
            kind: 'averted',
            prophecy: { seq: prophecy.seq, tick: prophecy.tick },
            attractor,
            predictedLossProbability: p,
            message: `prophecy ${prophecy.seq} gave "${attractor}" a loss probability of ${p}, and it still stands ${due - close} ticks after the horizon`,
          },
        });
      }
    }
    if (tick < close || awaiting) stillOpen.push(prophecy);
  }
  world.openProphecies = stillOpen;
}

function unforeseen(prophecy: OpenProphecy, tick: number, attractor: string, p: number): Paradox {
  return {
    tick,
    kind: 'unforeseen',
    prophecy: { seq: prophecy.seq, tick: prophecy.tick },
    attractor,
    predictedLossProbability: p,
    message: `"${attractor}" was lost although prophecy ${prophecy.seq} gave it ${p}`,
  };
}
