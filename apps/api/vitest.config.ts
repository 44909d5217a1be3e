import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One PostgreSQL server for the run; each test file that needs it creates its own database.
    globalSetup: ['test/support/postgres-global-setup.ts'],
  },
});
