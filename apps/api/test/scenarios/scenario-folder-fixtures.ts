import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURE_SCENARIOS } from '../helpers/app-deps.js';

/** The small valid fixture scenario, as JSON text with its id (and so its file name) replaced. */
export function validScenarioText(id: string, changes: Record<string, unknown> = {}): string {
  const base = JSON.parse(readFileSync(join(FIXTURE_SCENARIOS, 'short-lived.json'), 'utf8')) as Record<string, unknown>;
  return JSON.stringify({ ...base, id, ...changes }, null, 2);
}

/** Writes `<dir>/<name>` and returns its path. */
export function writeScenario(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
