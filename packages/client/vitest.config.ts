import { defineProject } from 'vitest/config';
import { sourceResolve } from '../../tools/packaging/source-conditions.js';

export default defineProject({
  ...sourceResolve,
  test: {
    name: 'client',
    include: ['test/**/*.test.ts'],
  },
});
