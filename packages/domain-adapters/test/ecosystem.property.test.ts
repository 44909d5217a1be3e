import { describe } from 'vitest';
import { ecosystemAdapter } from '../src/adapters/ecosystem.js';
import type { DomainAdapter } from '../src/domain-adapter.js';
import { ecosystemInput } from './arbitraries.js';
import { checkAdapterProperties } from './check-adapter-properties.js';

describe('ecosystem adapter: properties', () => {
  checkAdapterProperties(ecosystemAdapter as unknown as DomainAdapter, ecosystemInput);
});
