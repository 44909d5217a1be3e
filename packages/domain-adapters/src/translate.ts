import { ScenarioSchema, toValidationIssues, type Scenario, type ValidationIssue } from '@sim/engine';
import { AdapterOutputError } from './adapter-output-error.js';
import type { DomainAdapter } from './domain-adapter.js';
import { getAdapter } from './registry.js';

/** What `translate` gives back: a runnable scenario, or why there is none. */
export type TranslateResult =
  | { ok: true; scenario: Scenario; adapter: DomainAdapter }
  | { ok: false; reason: 'unknown-domain' }
  | { ok: false; reason: 'invalid-input'; issues: ValidationIssue[] };

/**
 * Validates `rawInput` against the domain's input schema and translates it into a scenario
 * that has passed the engine's `ScenarioSchema` (defaults filled in). Issue paths are dotted
 * and start with `input.`, as the request body of POST /v1/simulations/from-domain nests them.
 * Throws `AdapterOutputError` if the adapter builds a scenario the engine rejects (a bug).
 *
 * @example
 * const result = translate('epidemic', body.input);
 * if (!result.ok && result.reason === 'unknown-domain') // 404 NOT_FOUND
 * if (!result.ok && result.reason === 'invalid-input') // 400 VALIDATION_ERROR, result.issues
 * if (result.ok) Simulation.create(result.scenario);
 */
export function translate(id: string, rawInput: unknown): TranslateResult {
  const adapter = getAdapter(id);
  if (adapter === undefined) return { ok: false, reason: 'unknown-domain' };
  const input = adapter.inputSchema.safeParse(rawInput);
  if (!input.success) return { ok: false, reason: 'invalid-input', issues: toValidationIssues(input.error, ['input']) };
  const scenario = ScenarioSchema.safeParse(adapter.toScenario(input.data));
  if (!scenario.success) throw new AdapterOutputError(adapter.id, toValidationIssues(scenario.error));
  return { ok: true, scenario: scenario.data, adapter };
}
