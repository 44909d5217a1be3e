import type { DomainTranslation } from '../engine-data/domain-translation.js';

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

export type { DomainTranslation };

/** The domain adapters the service offers; the app sees only this port. */
export interface DomainCatalog {
  list(): DomainDescription[];
  get(id: string): DomainDescription | undefined;
  /**
   * The scenario an input translates to, already checked against the engine's ScenarioSchema
   * (defaults filled in). Asynchronous: a translation takes time in proportion to its input, so
   * the server makes it on an engine worker, never on the event loop
   * (docs/api.md, "Where it runs"). Rejects with EngineTaskCancelled when `signal` aborts first.
   */
  translate(id: string, input: unknown, signal?: AbortSignal): Promise<DomainTranslation>;
}

/** No adapters at all: every domain is unknown. */
export const emptyDomainCatalog: DomainCatalog = {
  list: () => [],
  get: () => undefined,
  translate: () => Promise.resolve({ ok: false, reason: 'unknown-domain' }),
};
