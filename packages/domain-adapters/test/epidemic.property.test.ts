import { describe } from 'vitest';
import { epidemicAdapter } from '../src/adapters/epidemic.js';
import type { DomainAdapter } from '../src/domain-adapter.js';
import { epidemicInput } from './arbitraries.js';
import { checkAdapterProperties } from './check-adapter-properties.js';

describe('epidemic adapter: properties', () => {
  checkAdapterProperties(epidemicAdapter as unknown as DomainAdapter, epidemicInput);
});
