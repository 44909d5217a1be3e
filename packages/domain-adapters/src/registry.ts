import { bankRunAdapter } from './adapters/bank-run.js';
import { ecosystemAdapter } from './adapters/ecosystem.js';
import { epidemicAdapter } from './adapters/epidemic.js';
import { supplyChainAdapter } from './adapters/supply-chain.js';
import type { DomainAdapter } from './domain-adapter.js';

/**
 * Every domain adapter the service offers, in the order GET /v1/domains lists them. Adding a
 * domain is one file under `adapters/` plus one line here.
 */
export const ADAPTERS: readonly DomainAdapter[] = [epidemicAdapter, supplyChainAdapter, ecosystemAdapter, bankRunAdapter];

const byId = new Map(ADAPTERS.map((adapter) => [adapter.id, adapter]));

/**
 * Every registered adapter.
 *
 * @example
 * listAdapters().map((adapter) => adapter.id); // ['epidemic', 'supply-chain', 'ecosystem', 'bank-run']
 */
export function listAdapters(): DomainAdapter[] {
  return [...ADAPTERS];
}

/**
 * The adapter with this id, or undefined.
 *
 * @example
 * getAdapter('epidemic')?.label; // 'Epidemic across regions'
 */
export function getAdapter(id: string): DomainAdapter | undefined {
  return byId.get(id);
}
