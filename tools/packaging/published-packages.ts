/**
 * The packages this repository publishes, and the checks a packed tarball must pass before it
 * may be published (docs/packaging.md, "Checks"): publint (package.json against the files that
 * ship) and Are the Types Wrong (the types every module resolution finds), both on the very
 * tarball `npm pack` writes. `pnpm lint` runs them through `main` below; the packaging test in
 * tools/test/published-packages.test.ts runs them on the tarballs it installs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Published packages, in build order (a package after the ones it depends on). */
export const PUBLISHED_PACKAGES = [
  { name: '@sim/engine', dir: 'packages/engine' },
  { name: '@sim/domain-adapters', dir: 'packages/domain-adapters' },
  { name: '@sim/client', dir: 'packages/client' },
] as const;

/** The environment of a tool run on a package as a consumer would: no workspace condition. */
export function consumerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  // Set by this repository's .npmrc for its own processes; a consumer has no such condition,
  // and under it the packages would resolve to src/*.ts
  // (docs/packaging.md, "Sources in the workspace, dist/ outside").
  delete env.NODE_OPTIONS;
  for (const key of Object.keys(env)) if (key.toLowerCase().startsWith('npm_')) delete env[key];
  return env;
}

/**
 * `npm pack` of one package into `destination` (its prepack script builds dist/ first); the
 * tarball's path.
 */
export function npmPack(packageDir: string, destination: string): string {
  const output = execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: join(REPO_ROOT, packageDir),
    env: consumerEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The build's own output precedes the JSON on stdout.
  const json = output.slice(output.indexOf('[\n'));
  const [packed] = JSON.parse(json) as [{ filename: string }];
  return join(destination, packed.filename);
}

/** Every problem publint (strict: warnings count) and attw find in a tarball, as lines. */
export async function lintTarball(tarball: string): Promise<string[]> {
  const problems: string[] = [];
  const bytes = readFileSync(tarball);
  const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const { messages, pkg } = await publint({ pack: { tarball: arrayBuffer }, strict: true });
  for (const message of messages) problems.push(`publint ${message.type}: ${formatMessage(message, pkg) ?? message.code}`);

  // ESM only: the profile leaves out CommonJS `require` (node 20.19+ can require these ES
  // modules; older CommonJS callers use import()) and the pre-exports node10 resolution.
  // @sim/client/generate (the generator of the client's own types) resolves only under the
  // workspace's source condition: it is not part of the published API.
  const attw = spawnSync(
    process.execPath,
    [attwBin(), tarball, '--profile', 'esm-only', '--exclude-entrypoints', './generate', '--format', 'ascii', '--no-color', '--no-emoji'],
    {
      env: consumerEnv(),
      encoding: 'utf8',
    },
  );
  if (attw.status !== 0) problems.push(`attw: ${attw.stdout}${attw.stderr}`);
  return problems;
}

function attwBin(): string {
  const pkgPath = join(REPO_ROOT, 'node_modules/@arethetypeswrong/cli/package.json');
  const { bin } = JSON.parse(readFileSync(pkgPath, 'utf8')) as { bin: Record<string, string> };
  return join(dirname(pkgPath), bin.attw ?? Object.values(bin)[0] ?? 'dist/index.js');
}

/** `pnpm lint`: packs and checks every published package; exit 1 on any problem. */
async function main(): Promise<void> {
  const destination = mkdtempSync(join(tmpdir(), 'sim-lint-packages-'));
  let failed = false;
  try {
    for (const { name, dir } of PUBLISHED_PACKAGES) {
      const problems = await lintTarball(npmPack(dir, destination));
      failed ||= problems.length > 0;
      console.log(problems.length === 0 ? `ok    ${name}` : `FAIL  ${name}\n${problems.map((p) => `  ${p}`).join('\n')}`);
    }
  } finally {
    rmSync(destination, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
