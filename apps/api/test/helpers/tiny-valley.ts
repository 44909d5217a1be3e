import type { ScenarioInput } from '@sim/engine';
import { readFileSync } from 'node:fs';

/**
 * The test fixture tiny-valley (six agents, two wells) as an inline scenario that prophesies
 * every tick: a prophecy, its events and its branches at each tick, so that what a request
 * stores, replays or compares grows with its ticks.
 */
export function tinyValleyEveryTick(): ScenarioInput {
  const file = JSON.parse(readFileSync(new URL('./fixtures/scenarios/tiny-valley.json', import.meta.url), 'utf8')) as ScenarioInput;
  return { seed: file.seed, agents: file.agents, initialState: file.initialState, rules: { ...file.rules, prophecyInterval: 1 } } as ScenarioInput;
}
