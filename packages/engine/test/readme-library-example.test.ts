import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The root README's section "Using the engine as a library", up to the next section. */
function librarySection(): string {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('## Using the engine as a library');
  expect(start, 'README.md has a section "Using the engine as a library"').toBeGreaterThanOrEqual(0);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end === -1 ? undefined : end);
}

describe("the root README's library example", () => {
  it('saved where the README says and run as it says, prints every step, the events and the stability', async () => {
    const section = librarySection();
    const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
    const file = /`(packages\/[^`\s]+\.ts)`/.exec(section)?.[1];
    const command = /```sh\n([\s\S]*?)```/.exec(section)?.[1]?.trim();
    expect(code).toContain("from '@sim/engine'");
    expect(file).toBeDefined();
    expect(command).toContain(file);

    // The README names a file a reader creates; keep any copy already there.
    const path = join(REPO_ROOT, file!);
    const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
    writeFileSync(path, code!);
    let stdout: string;
    try {
      ({ stdout } = await promisify(execFile)('sh', ['-c', command!], {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
        maxBuffer: 16 * 1024 * 1024,
      }));
    } finally {
      if (before === undefined) rmSync(path, { force: true });
      else writeFileSync(path, before);
    }

    const lines = stdout.trimEnd().split('\n');
    // onStep: one `tick move` line per tick, for the 100 ticks stepped.
    const steps = lines.filter((line) => /^\d+ a1 /.test(line)).map((line) => Number(line.split(' ')[0]));
    expect(steps).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // onEvent: the engine's prophecies (every 25 ticks by default) among the events.
    expect(lines.filter((line) => line.startsWith('prophecy ')).length).toBeGreaterThan(0);
    // Last, the stability of the final state: a number in [0, 1].
    const stability = Number(lines.at(-1));
    expect(stability).toBeGreaterThanOrEqual(0);
    expect(stability).toBeLessThanOrEqual(1);
  }, 60_000);
});
