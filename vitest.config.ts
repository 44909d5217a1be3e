import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run over every workspace package, so CI prints a single summary.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'tools'],
    reporters: ['default', './tools/closing-line-reporter.ts'],
    // Vitest's default on two cores is one file at a time. Most of the suite's time is spent
    // waiting (servers and child processes starting, sockets, timers, PostgreSQL), so two files
    // at once take about 580 s where one at a time took 900 to 1 140 s; the tests' bounds on time
    // are set for a loaded machine.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
