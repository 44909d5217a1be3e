import { describe } from 'vitest';
import { bankRunAdapter } from '../src/adapters/bank-run.js';
import type { DomainAdapter } from '../src/domain-adapter.js';
import { bankRunInput } from './arbitraries.js';
import { checkAdapterProperties } from './check-adapter-properties.js';

describe('bank-run adapter: properties', () => {
  checkAdapterProperties(bankRunAdapter as unknown as DomainAdapter, bankRunInput);
});
