import { Simulation, type ScenarioInput } from '@sim/engine';
import type { DomainAdapter } from '../src/domain-adapter.js';

/** What one run of a scenario produced: its basin losses, by tick, in order. */
export interface Outcome {
  losses: { tick: number; attractor: string }[];
}

/** Runs a scenario `ticks` ticks through the engine and collects its basin losses. */
export function runScenario(scenario: ScenarioInput, ticks: number): Outcome {
  const losses: Outcome['losses'] = [];
  Simulation.create(scenario).step(ticks, {
    onEvent: (event) => {
      if (event.type === 'loss') losses.push({ tick: event.data.tick, attractor: event.data.attractor });
    },
  });
  return { losses };
}

/** Parses a raw domain input with the adapter's schema and builds its scenario. */
export function scenarioOf(adapter: DomainAdapter, raw: unknown): ScenarioInput {
  return adapter.toScenario(adapter.inputSchema.parse(raw));
}

/** Losses summed over several seeds, and the first loss tick of each run (ticks + 1 when none). */
export function lossesOverSeeds(
  adapter: DomainAdapter,
  raw: Record<string, unknown>,
  seeds: readonly number[],
  ticks: number,
): { total: number; firstLossTicks: number[] } {
  let total = 0;
  const firstLossTicks: number[] = [];
  for (const seed of seeds) {
    const { losses } = runScenario(scenarioOf(adapter, { ...raw, seed }), ticks);
    total += losses.length;
    firstLossTicks.push(losses[0]?.tick ?? ticks + 1);
  }
  return { total, firstLossTicks };
}
