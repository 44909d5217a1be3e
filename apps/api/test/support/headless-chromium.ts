import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Chromium from '@sparticuz/chromium';
import { chromium, type Browser } from 'playwright-core';
import { REPO_ROOT } from './server-process.js';

/**
 * The headless Chromium that `@sparticuz/chromium` ships inside its npm package (brotli
 * compressed), so browser tests need nothing but `pnpm install`: no apt, no browser download.
 *
 * The package inflates its binary into the OS temp folder and takes any file already there
 * as finished, so two test files inflating at once could launch a half-written binary. Each
 * inflation therefore happens in a child process whose TMPDIR is a private staging folder,
 * renamed into place in one step; whoever renames first wins, later ones use that copy.
 */
async function inflatedExecutable(): Promise<string> {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(dirname(require.resolve('@sparticuz/chromium')));
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const target = join(tmpdir(), `sim-sparticuz-chromium-${version}`);
  const executable = join(target, 'chromium');
  if (existsSync(executable)) return executable;

  const staging = mkdtempSync(join(tmpdir(), 'sim-sparticuz-chromium-staging-'));
  execFileSync(process.execPath, ['--input-type=module', '-e', "const { default: c } = await import('@sparticuz/chromium'); await c.executablePath();"], {
    cwd: REPO_ROOT,
    env: { ...process.env, TMPDIR: staging },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    renameSync(staging, target);
  } catch (error) {
    // Another process renamed its finished copy first (ENOTEMPTY/EEXIST): use that one.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(executable)) throw error;
  }
  return executable;
}

/** The package's flags that make Chromium draw through a GPU emulated on the CPU (SwiftShader behind ANGLE). */
const EMULATED_GPU_FLAGS = ['--use-gl=', '--use-angle=', '--enable-unsafe-swiftshader', '--in-process-gpu', '--ignore-gpu-blocklist'];

/**
 * How the browser draws: `emulated-gpu` (the package's flags: GPU rasterisation and compositing
 * through SwiftShader, what the browser tests use) or `software` (`--disable-gpu`: Skia
 * rasterises on the CPU and the compositor composites in software, as Chromium does on a
 * machine without a usable GPU).
 */
export type Rendering = 'emulated-gpu' | 'software';

/** Launches the packaged headless Chromium through playwright-core with the package's flags. */
export async function launchHeadlessChromium(rendering: Rendering = 'emulated-gpu'): Promise<Browser> {
  const args =
    rendering === 'emulated-gpu'
      ? Chromium.args
      : [...Chromium.args.filter((arg) => !EMULATED_GPU_FLAGS.some((flag) => arg.startsWith(flag))), '--disable-gpu'];
  return chromium.launch({ executablePath: await inflatedExecutable(), args });
}
