import type { ScenarioFile, ScenarioInput } from './schemas/scenario.js';

/**
 * What `Simulation.create` starts from in a scenario file: everything but its catalogue fields
 * (`id`, `label`, `tags`, `note`, which cannot change a trace and which the strict scenario
 * schema refuses), the domain block included when the file has one. The fields keep one order,
 * so the same file always gives the same JSON.
 *
 * @example
 * const check = checkScenarioFile('calm.json', text);
 * if (check.scenario !== undefined) Simulation.create(runnableScenario(check.scenario)).step(100);
 */
export function runnableScenario(file: ScenarioFile): ScenarioInput {
  const runnable: ScenarioInput = { seed: file.seed, agents: file.agents, initialState: file.initialState, rules: file.rules, nodeLabels: file.nodeLabels };
  return file.domain === undefined ? runnable : { ...runnable, domain: file.domain };
}
