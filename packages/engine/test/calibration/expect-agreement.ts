import { expect } from 'vitest';
import type { ScenarioInput } from '../../src/index.js';
import { contestedBasins, independentEffect, propheciesOf } from './independent-check.js';

/** Paired replicates of each arm of the independent check. */
export const REPLICATES = 16;

/** How far to run each scenario and how many prophecies with something at stake to check per seed. */
const PLAN: Readonly<Record<string, { ticks: number; prophecies: number }>> = {
  'crowded-large': { ticks: 80, prophecies: 1 },
  'prophecy-postponed': { ticks: 60, prophecies: 1 },
  'prophecy-hastened': { ticks: 60, prophecies: 1 },
  'prophecy-sceptics': { ticks: 60, prophecies: 1 },
};

/**
 * Runs the scenario on every seed, checks the engine's conclusive verdicts against the
 * independent counterfactual of the reign where that too is conclusive, and expects at least
 * 90 % to agree. A scenario where nothing is ever at stake (calm-equilibrium) compares nothing.
 */
export function expectAgreement(scenario: (id: string, seed: number) => ScenarioInput, id: string, seeds: readonly number[]): void {
  const { ticks, prophecies } = PLAN[id] ?? { ticks: 150, prophecies: 3 };
  let compared = 0;
  const disagreements: string[] = [];
  for (const seed of seeds) {
    for (const moment of propheciesOf(scenario(id, seed), ticks, (data) => contestedBasins(data).length > 0, prophecies)) {
      for (const [attractor, basin] of contestedBasins(moment.data)) {
        if (basin.attribution.verdict === 'inconclusive') continue;
        const independent = independentEffect(moment, attractor, REPLICATES);
        if (independent.verdict === 'inconclusive') continue;
        compared++;
        if (independent.verdict !== basin.attribution.verdict) {
          disagreements.push(
            `seed ${seed}, prophecy ${moment.seq}, "${attractor}": engine ${basin.attribution.verdict} (ΔP ${basin.attribution.effect.lossProbability}), independent ${independent.verdict} (ΔP ${independent.effect})`,
          );
        }
      }
    }
  }
  expect(disagreements.length, disagreements.join('\n')).toBeLessThanOrEqual(Math.floor(compared / 10));
}
