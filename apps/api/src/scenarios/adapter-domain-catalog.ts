import { describeAdapter, getAdapter, listAdapters, translate } from '@sim/domain-adapters';
import type { DomainCatalog, DomainDescription } from './domain-catalog.js';

const describe = (adapter: Parameters<typeof describeAdapter>[0]): DomainDescription =>
  describeAdapter(adapter) as DomainDescription;

/** The DomainCatalog over `@sim/domain-adapters`; descriptions (JSON Schemas) are built once. */
export function createAdapterDomainCatalog(): DomainCatalog {
  const descriptions = new Map(listAdapters().map((adapter) => [adapter.id, describe(adapter)]));
  return {
    list: () => [...descriptions.values()],
    get: (id) => (getAdapter(id) === undefined ? undefined : descriptions.get(id)),
    translate(id, input) {
      const result = translate(id, input);
      return result.ok ? { ok: true, scenario: result.scenario } : result;
    },
  };
}
