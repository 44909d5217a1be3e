import type { ScenarioInput } from '@sim/engine';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './server-process.js';

/** A pre-built scenario of `scenarios/` as the engine takes it: its catalogue fields (id, label, tags, note) left out. */
export function prebuiltScenario(id: string): ScenarioInput {
  const {
    id: _id,
    label: _label,
    tags: _tags,
    note: _note,
    ...scenario
  } = JSON.parse(readFileSync(join(REPO_ROOT, 'scenarios', `${id}.json`), 'utf8')) as ScenarioInput & {
    id: string;
    label: string;
    tags: string[];
    note: string;
  };
  return scenario;
}
