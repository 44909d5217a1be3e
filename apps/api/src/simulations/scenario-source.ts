import { runnableScenario, type ScenarioInput } from '@sim/engine';
import { ApiError, notFound, validationError } from '../lib/api-error.js';
import type { DomainCatalog } from '../scenarios/domain-catalog.js';
import type { ScenarioCatalog } from '../scenarios/scenario-catalog.js';

/** Where a new simulation's scenario comes from: exactly one of these. */
export type ScenarioSource = { scenarioId: string } | { scenario: ScenarioInput } | { domain: string; input: unknown };

/** The scenario id inline scenarios are stored under. */
export const INLINE_SCENARIO_ID = 'inline';

export interface ResolvedScenario {
  scenarioId: string;
  scenario: ScenarioInput;
}

/**
 * Turns a source into a runnable scenario: a catalogue id (404 if unknown), an inline scenario
 * (already validated), or a domain adapter's translation (404 unknown domain, 400 bad input).
 * Domain simulations are stored under the scenario id `domain:<id>`. A translation is made on an
 * engine worker in the server (docs/api.md, "Where it runs").
 */
export async function resolveScenario(
  source: ScenarioSource,
  scenarios: ScenarioCatalog,
  domains: DomainCatalog,
  signal?: AbortSignal,
): Promise<ResolvedScenario> {
  if ('scenarioId' in source) {
    const file = scenarios.get(source.scenarioId);
    if (file === undefined) throw notFound(`Scenario ${source.scenarioId} not found`);
    return { scenarioId: file.id, scenario: runnableScenario(file) };
  }
  if ('scenario' in source) return { scenarioId: INLINE_SCENARIO_ID, scenario: source.scenario };
  const translated = await domains.translate(source.domain, source.input, signal);
  if (translated.ok) return { scenarioId: `domain:${source.domain}`, scenario: translated.scenario };
  if (translated.reason === 'unknown-domain') throw notFound(`Domain adapter ${source.domain} not found`);
  if (translated.issues.length === 0)
    throw new ApiError(400, 'VALIDATION_ERROR', 'Invalid domain input', { issues: [{ path: 'input', message: 'invalid input' }] });
  throw validationError(translated.issues);
}
