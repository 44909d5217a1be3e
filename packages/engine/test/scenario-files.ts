import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ScenarioFileSchema, type ScenarioFile, type ScenarioInput } from '../src/index.js';

/** The repository's `scenarios/` folder, found from this file so tests run from any directory. */
export const SCENARIOS_DIR = fileURLToPath(new URL('../../../scenarios/', import.meta.url));

/** One pre-built scenario as it lies on disk. */
export interface ScenarioFileEntry {
  /** File name without `.json`; must equal the scenario's `id`. */
  name: string;
  path: string;
  bytes: number;
  /** The parsed JSON, before validation. */
  raw: unknown;
}

/** Every `*.json` in `scenarios/`, sorted by name so that every run sees the same order. */
export function listScenarioFiles(directory = SCENARIOS_DIR): ScenarioFileEntry[] {
  return readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((file) => {
      const path = join(directory, file);
      return { name: file.slice(0, -'.json'.length), path, bytes: statSync(path).size, raw: JSON.parse(readFileSync(path, 'utf8')) as unknown };
    });
}

/** Validates a scenario file; throws with every issue listed. */
export function parseScenarioFile(entry: ScenarioFileEntry): ScenarioFile {
  const parsed = ScenarioFileSchema.safeParse(entry.raw);
  if (!parsed.success) {
    throw new Error(`${entry.name}.json: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}

/**
 * The runnable part of a scenario file: what `Simulation.create` accepts (it is strict, so the
 * catalogue fields id, label, tags and note are left out; they cannot change a trace).
 */
export function runnable(file: ScenarioFile): ScenarioInput {
  return { seed: file.seed, agents: file.agents, initialState: file.initialState, rules: file.rules, nodeLabels: file.nodeLabels };
}
