import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain-adapters',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Outcome tests run whole scenarios through the engine, prophecies included.
    testTimeout: 60_000,
  },
});
