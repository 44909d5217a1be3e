import { defineProject } from 'vitest/config';
import { sourceResolve } from '../../tools/packaging/source-conditions.js';

export default defineProject({
  ...sourceResolve,
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One PostgreSQL server for the run; each test file that needs it creates its own database.
    globalSetup: ['test/support/postgres-global-setup.ts'],
  },
});
