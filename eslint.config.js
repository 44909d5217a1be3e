// The linter of every package: `pnpm lint` (and the first step of `pnpm test`, so CI runs it).
// Recommended rules of ESLint and typescript-eslint, without formatting rules, and the few
// type-aware rules that catch what `tsc --strict` cannot: a promise nobody awaits or catches,
// and a promise handed where a plain value or callback is expected (see TYPED_FILES below).
// The engine's purity is a rule here too: see engine-purity.js.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { enginePurityRules } from './tools/lint/engine-purity.js';

// The TypeScript files a package's tsconfig.json includes: the type-aware rules need the
// program a file belongs to, which typescript-eslint's project service finds from that file.
// Files outside them (tools/, configuration files) are linted without types. The viewer's
// handlers start their async work through apps/web/src/in-background.ts.
const TYPED_FILES = ['apps/api/{src,test,bench,scripts}/**/*.ts', 'apps/web/{src,test}/**/*.ts', 'packages/*/{src,test,bench,scripts,examples}/**/*.ts'];

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
    files: TYPED_FILES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // A rejection nobody handles ends the process (Node's default) or vanishes. `void` does
      // not excuse it: a promise is awaited, returned, or handed to inBackground
      // (apps/api/src/lib/in-background.ts), which logs its failure.
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: false }],
      // An async callback where a plain one is expected (an event handler, Array#forEach, a
      // condition) has its promise dropped, its rejection unhandled.
      '@typescript-eslint/no-misused-promises': 'error',
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
