import { checkScenarioFile, type ScenarioFileCheck, type ValidationIssue } from '@sim/engine';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { scenarioWorkProblems } from '../work-budget/scenario-work-check.js';

/**
 * Reads one scenario file and checks it with the engine's checkScenarioFile, then with the
 * service's work budget (a prophecy tick that no tier may pay for is an error): the one place
 * where the server's catalogue, its folder watch and `sim scenarios validate` turn a path into a
 * verdict, so they agree on every error and warning. A file that cannot be read is an error
 * at the path of the whole file.
 */
export function readScenarioFile(path: string): ScenarioFileCheck {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return { ok: false, id: undefined, scenario: undefined, errors: [{ path: '', message: `cannot read: ${reason}` }], warnings: [] };
  }
  const check = checkScenarioFile(basename(path), text);
  const tooCostly = check.scenario === undefined ? [] : scenarioWorkProblems(check.scenario);
  if (tooCostly.length === 0) return check;
  return { ...check, ok: false, scenario: undefined, errors: [...check.errors, ...tooCostly] };
}

/** Issues on one line, for a log: `agents.0.marker.x: …; (file): …`. */
export function describeIssues(issues: readonly ValidationIssue[]): string {
  return issues.map((issue) => `${issue.path || '(file)'}: ${issue.message}`).join('; ');
}
