import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startCommand, tempDir } from '../support/server-process.js';

/** Benchmarks start a bundle with the node flags of its checkout's `pnpm start`, read from its start script. */

const removers: Array<() => void> = [];
afterAll(() => removers.forEach((remove) => remove()));

function apiDirWith(start: string | undefined): string {
  const dir = tempDir('start-flags-');
  removers.push(dir.remove);
  if (start !== undefined) writeFileSync(join(dir.path, 'package.json'), JSON.stringify({ scripts: { start } }));
  return dir.path;
}

describe('startCommand: flags', () => {
  it("reads the flags of this checkout's start script, the young generation's bound among them", () => {
    const { flags } = startCommand(join(REPO_ROOT, 'apps/api'));
    expect(flags).toContain('--enable-source-maps');
    expect(flags.some((flag) => flag.startsWith('--max-semi-space-size='))).toBe(true);
  });

  it("reads a base commit's flags as they were, with or without exec, and source maps alone where it names none", () => {
    expect(startCommand(apiDirWith('node scripts/build.mjs && exec node --enable-source-maps dist/main.js')).flags).toEqual(['--enable-source-maps']);
    expect(startCommand(apiDirWith('node scripts/build.mjs && node --enable-source-maps --max-semi-space-size=8 dist/main.js')).flags).toEqual([
      '--enable-source-maps',
      '--max-semi-space-size=8',
    ]);
    expect(startCommand(apiDirWith('exec node ./dist/main.js')).flags).toEqual([]);
    expect(startCommand(apiDirWith('tsx src/main.ts')).flags).toEqual(['--enable-source-maps']);
    expect(startCommand(apiDirWith(undefined)).flags).toEqual(['--enable-source-maps']);
  });
});

describe('startCommand: variables', () => {
  it("reads the C allocator's setting of this checkout's start script", () => {
    const { env } = startCommand(join(REPO_ROOT, 'apps/api'));
    expect(env).toEqual({ MALLOC_ARENA_MAX: '2' });
  });

  it('reads variables set before exec node, as values or as defaults, and none where the script sets none', () => {
    expect(startCommand(apiDirWith('node scripts/build.mjs && A=1 B=${B:-two} exec node --enable-source-maps dist/main.js'))).toEqual({
      flags: ['--enable-source-maps'],
      env: { A: '1', B: 'two' },
    });
    expect(startCommand(apiDirWith('node scripts/build.mjs && exec node --enable-source-maps dist/main.js')).env).toEqual({});
    expect(startCommand(apiDirWith('tsx src/main.ts'))).toEqual({ flags: ['--enable-source-maps'], env: {} });
  });
});
