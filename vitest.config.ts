import { defineConfig } from 'vitest/config';

// One run over every workspace package, so CI prints a single summary.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'tools'],
    reporters: ['default', './tools/closing-line-reporter.ts'],
  },
});
