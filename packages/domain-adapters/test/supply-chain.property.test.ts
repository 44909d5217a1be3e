import { describe } from 'vitest';
import { supplyChainAdapter } from '../src/adapters/supply-chain.js';
import type { DomainAdapter } from '../src/domain-adapter.js';
import { supplyChainInput } from './arbitraries.js';
import { checkAdapterProperties } from './check-adapter-properties.js';

describe('supply-chain adapter: properties', () => {
  checkAdapterProperties(supplyChainAdapter as unknown as DomainAdapter, supplyChainInput);
});
