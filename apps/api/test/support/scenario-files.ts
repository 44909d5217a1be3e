import type { ScenarioInput } from '@sim/engine';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './server-process.js';

/** The tests' own scenario files (the catalogue the test apps load). */
const FIXTURES = fileURLToPath(new URL('../helpers/fixtures/scenarios/', import.meta.url));

/** A scenario file as the engine takes it: its catalogue fields (id, label, tags, note) left out. */
function scenarioFile(path: string): ScenarioInput {
  const {
    id: _id,
    label: _label,
    tags: _tags,
    note: _note,
    ...scenario
  } = JSON.parse(readFileSync(path, 'utf8')) as ScenarioInput & { id: string; label: string; tags: string[]; note: string };
  return scenario;
}

/** A pre-built scenario of `scenarios/`, as an inline scenario. */
export function prebuiltScenario(id: string): ScenarioInput {
  return scenarioFile(join(REPO_ROOT, 'scenarios', `${id}.json`));
}

/** A scenario of the tests' fixtures (`tiny-valley`…), as an inline scenario. */
export function fixtureScenario(id: string): ScenarioInput {
  return scenarioFile(join(FIXTURES, `${id}.json`));
}
