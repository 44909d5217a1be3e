import { defineProject } from 'vitest/config';
import { sourceResolve } from '../../tools/packaging/source-conditions.js';

export default defineProject({
  ...sourceResolve,
  test: {
    name: 'domain-adapters',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Outcome tests run whole scenarios through the engine, prophecies included.
    testTimeout: 60_000,
  },
});
