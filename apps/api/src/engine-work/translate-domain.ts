import { translate } from '@sim/domain-adapters';
import type { DomainTranslation } from '../engine-data/domain-translation.js';

/** Translates a domain's input with `@sim/domain-adapters` on this thread (a worker's, or the tests'). */
export function translateWithAdapters(id: string, input: unknown): DomainTranslation {
  const result = translate(id, input);
  return result.ok ? { ok: true, scenario: result.scenario } : result;
}
