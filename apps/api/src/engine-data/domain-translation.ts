import type { ScenarioInput } from '@sim/engine';

/** One problem of a domain's input, at its dotted path (the shape of lib/api-error's ValidationProblem). */
export interface TranslationProblem {
  path: string;
  message: string;
}

/**
 * What translating a domain's input gives: a scenario, or why not. Here, beside the other data
 * the worker and the event loop share, because the worker translates (engine-work/) and the
 * DomainCatalog port (scenarios/) answers with it.
 */
export type DomainTranslation =
  | { ok: true; scenario: ScenarioInput }
  | { ok: false; reason: 'unknown-domain' }
  /** Issue paths start with `input.`. */
  | { ok: false; reason: 'invalid-input'; issues: TranslationProblem[] };
