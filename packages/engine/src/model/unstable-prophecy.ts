import type { Paradox } from '../schemas/outputs.js';

/**
 * The paradox of a prophecy for which no forecast of `attractor` is consistent with the
 * reaction to it (1.2.0 on), with the evidence: the loss probabilities the search saw.
 */
export function unstableProphecy(seq: number, tick: number, attractor: string, published: number, message: string, iterations: number[]): Paradox {
  return { tick, kind: 'unstable-prophecy', prophecy: { seq, tick }, attractor, predictedLossProbability: published, message, iterations };
}
