import type { ScenarioFile } from '@sim/engine';

/** The catalogue entry of a pre-built scenario, as GET /v1/scenarios lists it. */
export interface ScenarioSummary {
  id: string;
  label: string;
  seed: number;
  tags: string[];
  note: string;
}

/** The pre-built scenarios, read-only; loaded once at start. */
export interface ScenarioCatalog {
  list(): ScenarioSummary[];
  get(id: string): ScenarioFile | undefined;
}

export function toSummary(file: ScenarioFile): ScenarioSummary {
  return { id: file.id, label: file.label, seed: file.seed, tags: file.tags, note: file.note };
}

/** A catalogue over scenarios already validated, sorted by id. */
export function createScenarioCatalog(files: readonly ScenarioFile[]): ScenarioCatalog {
  const byId = new Map([...files].sort((a, b) => a.id.localeCompare(b.id)).map((f) => [f.id, f]));
  return {
    list: () => [...byId.values()].map(toSummary),
    get: (id) => byId.get(id),
  };
}
