import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'tools',
    // test/fixtures/ holds *.fixture.ts files that the tests run in a vitest of their own.
    include: ['test/**/*.test.ts'],
  },
});
