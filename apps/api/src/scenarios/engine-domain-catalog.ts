import type { EngineRunner } from '../engine-work/engine-runner.js';
import { createAdapterDomainCatalog, hasAdapter } from './adapter-domain-catalog.js';
import type { DomainCatalog } from './domain-catalog.js';

/**
 * The server's DomainCatalog: descriptions from `@sim/domain-adapters`, translations on the
 * engine's worker threads (docs/api.md, "Where it runs"). A translation validates the input and
 * builds and checks a scenario, in proportion to the input's size (a few milliseconds for the
 * ecosystem example, far more for a large one): on the event loop, every other request would
 * wait for it. An unknown domain is answered here, without a task.
 */
export function createEngineDomainCatalog(engine: Pick<EngineRunner, 'translate'>): DomainCatalog {
  const adapters = createAdapterDomainCatalog();
  return {
    list: () => adapters.list(),
    get: (id) => adapters.get(id),
    async translate(id, input, signal) {
      if (!hasAdapter(id)) return { ok: false, reason: 'unknown-domain' };
      const { translation } = await engine.translate({ kind: 'translate', domain: id, input }, signal);
      return translation;
    },
  };
}
