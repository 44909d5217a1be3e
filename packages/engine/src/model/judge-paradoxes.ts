import type { Loss } from '../schemas/outputs.js';
import type { EventSink } from './apply-input.js';
import type { World } from './world.js';

/**
 * A prophecy is judged basin by basin while its horizon is open: a loss it gave little chance
 * of (at most 1 − confidence) is an `unforeseen` paradox; a loss it was confident of (at least
 * the confidence) that has not happened when the horizon closes is `averted`.
 */
export function judgeParadoxes(world: World, tick: number, losses: readonly Loss[], sink: EventSink): void {
  if (world.openProphecies.length === 0) return;
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
