// The linter of every package: `pnpm lint` (and the first step of `pnpm test`, so CI runs it).
// Recommended rules of ESLint and typescript-eslint, without type information (a type-aware
// run would double the time of `pnpm test` for little that `tsc --strict` does not catch) and
// without formatting rules. The engine's purity is a rule here too: see engine-purity.js.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { enginePurityRules } from './tools/lint/engine-purity.js';

export default defineConfig(
  { ignores: ['**/node_modules/', '**/dist/', '**/.turbo/', 'coverage/', 'data/', '.bench-*/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore is this codebase's mark for "deliberately unused" (a for-of over a
      // generator run for its effects, a parameter a signature requires, a property left out).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // A variable bound late (`let real; const lazy = () => real!.x; … real = …`) cannot be a
      // const, though it is assigned once: the closure reads it before the assignment.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Migrations are frozen in time: they take `Kysely<any>`, as Kysely's guide says, so that an
    // old migration never depends on today's table types.
    files: ['apps/api/src/storage/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Tests read response bodies as loose JSON and assert their shape with expect(); an `any`
    // there is what `(await res.json())` is. The rule guards the packages' own types.
    files: ['**/test/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Plain JavaScript here is Node scripts (the build, the CLI's launcher, this file).
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['packages/engine/src/**/*.ts'],
    rules: enginePurityRules,
  },
);
