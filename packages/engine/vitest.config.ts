import { defineProject } from 'vitest/config';
import { sourceResolve } from '../../tools/packaging/source-conditions.js';

export default defineProject({
  ...sourceResolve,
  test: {
    name: 'engine',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
