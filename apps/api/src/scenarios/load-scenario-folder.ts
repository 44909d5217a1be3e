import { flagDuplicateIds, type ScenarioFile, type ScenarioFileCheck } from '@sim/engine';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../lib/logger.js';
import { describeIssues, readScenarioFile } from './read-scenario-file.js';

export interface ScenarioLoadProblem {
  file: string;
  problem: string;
}

export interface LoadedScenarios {
  scenarios: ScenarioFile[];
  problems: ScenarioLoadProblem[];
}

/** One `*.json` of the scenarios folder with its verdict. */
export interface CheckedScenarioFile {
  /** File name inside the folder. */
  label: string;
  check: ScenarioFileCheck;
}

/** Checks every `*.json` of a folder, in name order; throws when the folder cannot be listed. */
export function checkScenarioFolder(dir: string): CheckedScenarioFile[] {
  const names = readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
  return flagDuplicateIds(names.map((name) => ({ label: name, check: readScenarioFile(join(dir, name)) })));
}

/**
 * Reads every `*.json` of a folder. A file with an error (as `sim scenarios validate` would
 * report it, an id other than the file name included) is logged with every problem and
 * skipped; it never takes the others down. Warnings are logged, and the file is served.
 */
export function loadScenarioFolder(dir: string, logger: Logger): LoadedScenarios {
  let checked: CheckedScenarioFile[];
  try {
    checked = checkScenarioFolder(dir);
  } catch (error) {
    logger.warn(`scenarios folder not readable: ${dir}`, { error: (error as Error).message });
    return { scenarios: [], problems: [{ file: dir, problem: (error as Error).message }] };
  }
  const scenarios: ScenarioFile[] = [];
  const problems: ScenarioLoadProblem[] = [];
  for (const { label, check } of checked) {
    if (check.warnings.length > 0) logger.warn(`scenario ${label}: ${describeIssues(check.warnings)}`);
    if (check.scenario !== undefined) {
      scenarios.push(check.scenario);
      continue;
    }
    const problem = describeIssues(check.errors);
    problems.push({ file: label, problem });
    logger.warn(`scenario ${label} skipped: ${problem}`);
  }
  return { scenarios, problems };
}
