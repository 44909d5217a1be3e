import { defineProject } from 'vitest/config';
import { sourceResolve } from '../../tools/packaging/source-conditions.js';

export default defineProject({
  ...sourceResolve,
  test: {
    name: 'web',
    include: ['test/**/*.test.ts'],
  },
});
