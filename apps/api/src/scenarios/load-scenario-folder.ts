import { flagDuplicateIds, type ScenarioFile, type ScenarioFileCheck } from '@sim/engine';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../lib/logger.js';
import { describeIssues, readStampedScenarioFile, type ScenarioFileStamp } from './read-scenario-file.js';

export interface ScenarioLoadProblem {
  file: string;
  problem: string;
}

export interface LoadedScenarios {
  scenarios: ScenarioFile[];
  problems: ScenarioLoadProblem[];
}

/**
 * Why the scenarios folder `dir` cannot be served from (for the start: SIM_SCENARIOS_DIR, or the
 * repository's scenarios/), or undefined when it is a folder.
 */
export function missingScenariosFolder(dir: string): string | undefined {
  try {
    if (statSync(dir).isDirectory()) return undefined;
    return `SIM_SCENARIOS_DIR: ${dir} is not a folder; the server serves the scenario files of a folder`;
  } catch (error) {
    return `SIM_SCENARIOS_DIR: the scenarios folder ${dir} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
}

/** One `*.json` of the scenarios folder with its verdict. */
export interface CheckedScenarioFile {
  /** File name inside the folder. */
  label: string;
  check: ScenarioFileCheck;
}

/** A folder's files as last checked, by name: a file of the same size and modification time is not read again. */
export type ScenarioFileChecks = Map<string, { stamp: ScenarioFileStamp; check: ScenarioFileCheck }>;

/**
 * Checks every `*.json` of a folder, in name order; throws when the folder cannot be listed.
 * With `known`, the checks of the last scan: a file whose size and modification time have not
 * changed keeps its check (a rescan after one edit reads that file, not the whole folder), and
 * `known` is left holding this scan's.
 */
export function checkScenarioFolder(dir: string, known?: ScenarioFileChecks): CheckedScenarioFile[] {
  const names = readdirSync(dir).filter((name) => name.endsWith('.json')).sort();
  const checks = names.map((name) => ({ label: name, check: checkedFile(dir, name, known) }));
  if (known !== undefined) for (const name of known.keys()) if (!names.includes(name)) known.delete(name);
  return flagDuplicateIds(checks);
}

function checkedFile(dir: string, name: string, known: ScenarioFileChecks | undefined): ScenarioFileCheck {
  const path = join(dir, name);
  const last = known?.get(name);
  if (last !== undefined) {
    try {
      const stats = statSync(path);
      if (stats.size === last.stamp.size && stats.mtimeMs === last.stamp.mtimeMs) return last.check;
    } catch {
      // Gone or unreadable since: read again, which says why.
    }
  }
  const { check, stamp } = readStampedScenarioFile(path);
  if (stamp === undefined) known?.delete(name);
  else known?.set(name, { stamp, check });
  return check;
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
