import { describeAdapter, getAdapter, listAdapters } from '@sim/domain-adapters';
import { translateWithAdapters } from '../engine-work/translate-domain.js';
import type { DomainCatalog, DomainDescription } from './domain-catalog.js';

const describe = (adapter: Parameters<typeof describeAdapter>[0]): DomainDescription =>
  describeAdapter(adapter) as DomainDescription;

/** One translation through `@sim/domain-adapters`, on the calling thread (an engine worker's, in the server). */
export { translateWithAdapters };

/** Whether an adapter of this id exists: cheap, so an unknown domain costs no translation. */
export const hasAdapter = (id: string): boolean => getAdapter(id) !== undefined;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * The DomainCatalog over `@sim/domain-adapters`, translating on this thread after a turn of
 * the event loop (tests and tools; the server translates on its engine workers, see
 * createEngineDomainCatalog). Descriptions (JSON Schemas) are built once.
 */
export function createAdapterDomainCatalog(): DomainCatalog {
  const descriptions = new Map(listAdapters().map((adapter) => [adapter.id, describe(adapter)]));
  return {
    list: () => [...descriptions.values()],
    get: (id) => (getAdapter(id) === undefined ? undefined : descriptions.get(id)),
    async translate(id, input) {
      await nextTurn();
      return translateWithAdapters(id, input);
    },
  };
}
