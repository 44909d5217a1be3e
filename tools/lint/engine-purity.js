// The engine is a pure function of its inputs (docs/engine.md, "Determinism"): the same
// scenario, seed and inputs give the same trace byte for byte on any machine. So its source may
// not read a clock, schedule work, touch the process or any I/O, or draw ambient randomness
// (its random streams are seeded and live in its state). These rules make that a lint error in
// packages/engine/src; packages/engine/test/engine-purity.test.ts proves that they bite.
import { builtinModules } from 'node:module';

const CLOCK = 'The engine reads no clock: time is the tick, passed in.';
const SCHEDULING = 'The engine schedules nothing: the caller decides when to step.';
const IO = 'The engine does no I/O: the API is the only place with effects.';
const PROCESS = 'The engine never reads the process: configuration comes in as arguments.';
const RANDOM = "The engine's randomness comes from its seeded streams, never ambient sources.";

const restrictedGlobals = [
  ...['Date', 'performance'].map((name) => ({ name, message: CLOCK })),
  ...['setTimeout', 'setInterval', 'setImmediate', 'clearTimeout', 'clearInterval', 'clearImmediate', 'queueMicrotask'].map((name) => ({
    name,
    message: SCHEDULING,
  })),
  ...['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'require', 'console'].map((name) => ({ name, message: IO })),
  ...['process', 'Buffer', 'global', 'globalThis'].map((name) => ({ name, message: PROCESS })),
  { name: 'crypto', message: RANDOM },
];

/** @type {import('eslint').Linter.RulesRecord} */
export const enginePurityRules = {
  'no-restricted-globals': ['error', ...restrictedGlobals],
  'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: RANDOM }],
  'no-restricted-imports': [
    'error',
    {
      paths: builtinModules.filter((name) => !name.startsWith('_')).map((name) => ({ name, message: IO })),
      patterns: [{ group: ['node:*'], message: IO }],
    },
  ],
  'no-restricted-syntax': ['error', { selector: 'ImportExpression', message: 'The engine loads no code at run time: import statically.' }],
};
