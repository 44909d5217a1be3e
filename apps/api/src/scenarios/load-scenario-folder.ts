import { ScenarioFileSchema, toValidationIssues, type ScenarioFile } from '@sim/engine';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Logger } from '../lib/logger.js';
import { scenarioWorkProblems } from '../work-budget/scenario-work-check.js';

export interface ScenarioLoadProblem {
  file: string;
  problem: string;
}

export interface LoadedScenarios {
  scenarios: ScenarioFile[];
  problems: ScenarioLoadProblem[];
}

/**
 * Reads every `*.json` of a folder and validates it with ScenarioFileSchema. A broken file is
 * reported (file name and problem) and skipped; it never takes the others down. The file name
 * must match the scenario id, so ids stay unique and easy to find.
 */
export function loadScenarioFolder(dir: string, logger: Logger): LoadedScenarios {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
  } catch (error) {
    logger.warn(`scenarios folder not readable: ${dir}`, { error: (error as Error).message });
    return { scenarios: [], problems: [{ file: dir, problem: (error as Error).message }] };
  }
  const scenarios: ScenarioFile[] = [];
  const problems: ScenarioLoadProblem[] = [];
  const seen = new Set<string>();
  const report = (file: string, problem: string): void => {
    problems.push({ file, problem });
    logger.warn(`scenario ${file} skipped: ${problem}`);
  };
  for (const name of names) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    } catch (error) {
      report(name, `not valid JSON: ${(error as Error).message}`);
      continue;
    }
    const parsed = ScenarioFileSchema.safeParse(json);
    if (!parsed.success) {
      report(name, toValidationIssues(parsed.error).map((i) => `${i.path || '(file)'}: ${i.message}`).join('; '));
      continue;
    }
    const tooCostly = scenarioWorkProblems(parsed.data);
    if (tooCostly.length > 0) {
      report(name, tooCostly.map((p) => `${p.path}: ${p.message}`).join('; '));
      continue;
    }
    if (seen.has(parsed.data.id)) {
      report(name, `duplicate scenario id "${parsed.data.id}"`);
      continue;
    }
    if (basename(name, '.json') !== parsed.data.id) {
      logger.warn(`scenario ${name}: id "${parsed.data.id}" differs from the file name`);
    }
    seen.add(parsed.data.id);
    scenarios.push(parsed.data);
  }
  return { scenarios, problems };
}
