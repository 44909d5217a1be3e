import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkScenarioFile, runnableScenario, type ScenarioFile, type ScenarioFileCheck, type ScenarioInput } from '../src/index.js';

/** The repository's `scenarios/` folder, found from this file so tests run from any directory. */
export const REPO_SCENARIOS_DIR = fileURLToPath(new URL('../../../scenarios/', import.meta.url));

/**
 * The folder the scenario and golden tests read: the repository's `scenarios/`, unless
 * `SIM_TEST_SCENARIOS_DIR` names another. The override exists so that a test can run the
 * generic suite over a folder holding a scenario the repository does not have (see
 * new-scenario.test.ts); nobody needs it to work on the repository's own scenarios.
 */
export const SCENARIOS_DIR = process.env.SIM_TEST_SCENARIOS_DIR ? resolve(process.env.SIM_TEST_SCENARIOS_DIR) : REPO_SCENARIOS_DIR;

/** Whether the tests read the repository's own `scenarios/` (claims about the catalogue apply). */
export const READS_REPO_SCENARIOS = resolve(SCENARIOS_DIR) === resolve(REPO_SCENARIOS_DIR);

/** One scenario file as it lies on disk, with the verdict the server and the validator share. */
export interface ScenarioFileEntry {
  /** File name without `.json`. */
  name: string;
  path: string;
  check: ScenarioFileCheck;
}

/** Every `*.json` in the folder, sorted by name so that every run sees the same order. */
export function listScenarioFiles(directory = SCENARIOS_DIR): ScenarioFileEntry[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      const path = join(directory, file);
      return { name: file.slice(0, -'.json'.length), path, check: checkScenarioFile(file, readFileSync(path, 'utf8')) };
    });
}

/** The validated scenario of a file; throws with every error listed. */
export function parseScenarioFile(entry: ScenarioFileEntry): ScenarioFile {
  const { scenario, errors } = entry.check;
  if (scenario === undefined) throw new Error(`${entry.name}.json: ${errors.map((i) => `${i.path || '(file)'}: ${i.message}`).join('; ')}`);
  return scenario;
}

/** The runnable part of a scenario file (the engine's own `runnableScenario`, under the tests' short name). */
export const runnable: (file: ScenarioFile) => ScenarioInput = runnableScenario;
