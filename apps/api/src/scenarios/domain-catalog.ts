import type { ScenarioInput } from '@sim/engine';
import type { ValidationProblem } from '../lib/api-error.js';

/** A domain adapter as GET /v1/domains describes it. */
export interface DomainDescription {
  id: string;
  label: string;
  description: string;
  /** JSON Schema of `input`. */
  inputSchema: Record<string, unknown>;
  /** JSON Schema of `state.domain`; null for a domain without a model. */
  stateSchema: Record<string, unknown> | null;
  example: unknown;
}

export type DomainTranslation =
  | { ok: true; scenario: ScenarioInput }
  | { ok: false; reason: 'unknown-domain' }
  /** Issue paths start with `input.`. */
  | { ok: false; reason: 'invalid-input'; issues: ValidationProblem[] };

/** The domain adapters the service offers; the app sees only this port. */
export interface DomainCatalog {
  list(): DomainDescription[];
  get(id: string): DomainDescription | undefined;
  translate(id: string, input: unknown): DomainTranslation;
}

/** No adapters at all: every domain is unknown. */
export const emptyDomainCatalog: DomainCatalog = {
  list: () => [],
  get: () => undefined,
  translate: () => ({ ok: false, reason: 'unknown-domain' }),
};
