import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it, vi } from 'vitest';

// The first snippet linted loads the configuration and its plugins: over 5 s on a loaded
// two-core machine (a CI run failed so).
vi.setConfig({ testTimeout: 30_000 });

// The engine's purity (no clock, I/O, process state or ambient randomness in packages/engine/src)
// is enforced by `pnpm lint` (tools/lint/engine-purity.js). This proves that the repository's
// own configuration bites, by linting snippets as if they were engine source files.
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
// The snippets exist in no tsconfig, so they are linted without types: the type-aware rules
// (eslint.config.js) are off here, and the purity rules need no types.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false, project: false } },
    rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
  },
});

/** The rules that fail a snippet placed at `file`, one entry per problem. */
async function failedRules(code: string, file = 'packages/engine/src/snippet.ts'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

const FORBIDDEN: Record<string, string> = {
  'Date.now()': 'export const t = Date.now();',
  'new Date()': 'export const t = new Date();',
  'performance.now()': 'export const t = performance.now();',
  'Math.random()': 'export const u = Math.random();',
  'crypto.randomUUID()': 'export const id = crypto.randomUUID();',
  'process.env': 'export const seed = process.env.SEED;',
  'globalThis.Date': 'export const t = globalThis.Date.now();',
  setTimeout: 'setTimeout(() => {}, 1);',
  fetch: "export const page = fetch('https://example.invalid');",
  'node:fs': "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;",
  fs: "import { readFileSync } from 'fs';\nexport const read = readFileSync;",
  'node:http': "export * from 'node:http';",
  'import()': "export const os = () => import('node:os');",
};

describe('engine purity lint rules', () => {
  it.each(Object.entries(FORBIDDEN))('refuse %s in packages/engine/src', async (_name, code) => {
    expect((await failedRules(code)).filter((rule) => rule.startsWith('no-restricted-'))).not.toEqual([]);
  });

  it('accept what the engine does use: its own modules, seedrandom, Math, names that only look alike', async () => {
    const code = [
      "import seedrandom from 'seedrandom';",
      "import { LIMITS } from './limits.js';",
      'const processed = Math.sqrt(2);',
      "const dated = { Date: 'a field' };",
      'export const values = [seedrandom, LIMITS, processed, dated.Date];',
    ].join('\n');
    expect(await failedRules(code)).toEqual([]);
  });

  it('apply to the engine only: the API may read the clock and the file system', async () => {
    const code = "import { readFileSync } from 'node:fs';\nexport const read = [readFileSync, Date.now()];";
    expect(await failedRules(code, 'apps/api/src/snippet.ts')).toEqual([]);
    expect(await failedRules(code, 'packages/engine/test/snippet.test.ts')).toEqual([]);
  });
});
