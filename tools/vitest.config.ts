import { defineProject } from 'vitest/config';
import { sourceResolve } from './packaging/source-conditions.js';

export default defineProject({
  ...sourceResolve,
  test: {
    name: 'tools',
    // test/fixtures/ holds *.fixture.ts files that the tests run in a vitest of their own.
    include: ['test/**/*.test.ts'],
  },
});
