import { checkScenarioFile, type ScenarioFileCheck, type ValidationIssue } from '@sim/engine';
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { scenarioWorkProblems } from '../work-budget/scenario-work-check.js';

/**
 * The largest scenario file read. The largest pre-built one (crowded-large, 2 400 agents) is
 * 145 KB and 10 000 agents with a terrain take about a megabyte; a file is parsed and checked on
 * the event loop, where 8 MiB takes about a tenth of a second and 420 MB held it 13 s.
 */
export const MAX_SCENARIO_FILE_BYTES = 8 * 1024 * 1024;

/** What a folder scan needs to know whether a file changed since it was last checked. */
export interface ScenarioFileStamp {
  size: number;
  mtimeMs: number;
}

/**
 * Reads one scenario file and checks it with the engine's checkScenarioFile, then with the
 * service's work budget (a prophecy tick that no tier may pay for is an error): the one place
 * where the server's catalogue, its folder watch and `sim scenarios validate` turn a path into a
 * verdict, so they agree on every error and warning. A file that cannot be read, or is larger
 * than MAX_SCENARIO_FILE_BYTES, is an error at the path of the whole file; so is a check that
 * throws, which must never take the other files of a folder down with it.
 */
export function readScenarioFile(path: string): ScenarioFileCheck {
  return readStampedScenarioFile(path).check;
}

/** readScenarioFile, with the size and modification time of the file it read (none when it could not be read). */
export function readStampedScenarioFile(path: string): { check: ScenarioFileCheck; stamp: ScenarioFileStamp | undefined } {
  let text: string;
  let stamp: ScenarioFileStamp;
  try {
    const stats = statSync(path);
    stamp = { size: stats.size, mtimeMs: stats.mtimeMs };
    if (stats.isFile() && stats.size > MAX_SCENARIO_FILE_BYTES) {
      return { check: refused(`${stats.size} bytes, more than the ${MAX_SCENARIO_FILE_BYTES} a scenario file may hold: not read`), stamp };
    }
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { check: refused(`cannot read: ${reason}`), stamp: undefined };
  }
  let check: ScenarioFileCheck;
  try {
    check = checkScenarioFile(basename(path), text);
  } catch (error) {
    return { check: refused(`cannot be checked: ${(error as Error).message}`), stamp };
  }
  const tooCostly = check.scenario === undefined ? [] : scenarioWorkProblems(check.scenario);
  if (tooCostly.length === 0) return { check, stamp };
  return { check: { ...check, ok: false, scenario: undefined, errors: [...check.errors, ...tooCostly] }, stamp };
}

function refused(message: string): ScenarioFileCheck {
  return { ok: false, id: undefined, scenario: undefined, errors: [{ path: '', message }], warnings: [] };
}

/** Issues on one line, for a log: `agents.0.marker.x: …; (file): …`. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => `${issue.path || '(file)'}: ${issue.message}`).join('; ');
}
