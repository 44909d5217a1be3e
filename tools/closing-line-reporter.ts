import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `tests: N passed, N failed, N skipped`, after vitest's own
 * summary, so that CI tooling that does not know vitest's format can still read the outcome.
 *
 * `failed` counts failed tests and also every failure outside a test: a file that fails at
 * import or in a top-level hook, and a `describe` whose `beforeAll`/`afterAll` throws. Vitest
 * marks the tests under a failed `beforeAll` as skipped, so counting tests alone would print
 * `0 failed` for a run that failed.
 */
export default class ClosingLineReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let failedInModule = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failedInModule += 1;
        else skipped += 1;
      }
      if (module.errors().length > 0) failedInModule += 1;
      for (const suite of module.children.allSuites()) {
        if (suite.errors().length > 0) failedInModule += 1;
      }
      // Whatever else makes vitest fail a file still shows in the count.
      if (module.state() === 'failed' && failedInModule === 0) failedInModule = 1;
      failed += failedInModule;
    }
    failed += unhandledErrors.length;
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
