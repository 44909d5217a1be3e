import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const TOOLS = join(dirname(fileURLToPath(import.meta.url)), '..');
const VITEST = join(TOOLS, '..', 'node_modules', 'vitest', 'vitest.mjs');
const FIXTURES = join(TOOLS, 'test', 'fixtures', 'failing-set-up');

describe('the closing line', () => {
  it('counts files that fail at import or in beforeAll, not only failed tests', () => {
    // One passing file; a describe whose beforeAll throws (two tests skipped); a top-level
    // beforeAll that throws (one test skipped); a file that throws at import.
    const run = spawnSync(process.execPath, [VITEST, 'run', '--root', FIXTURES], {
      cwd: FIXTURES,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NO_COLOR: '1' },
      timeout: 60_000,
    });
    const closing = run.stdout.split('\n').filter((line) => line.startsWith('tests: '));

    expect(run.status).toBe(1);
    expect(closing).toEqual(['tests: 1 passed, 3 failed, 3 skipped']);
  }, 70_000);
});
