/**
 * The published packages as a project outside this workspace gets them (docs/packaging.md,
 * "Checks"): each one packed with `npm pack`, the tarballs installed into a temporary project,
 * and the READMEs' library examples run there with plain node and tsx and type-checked by
 * `tsc --strict --exactOptionalPropertyTypes` under NodeNext and bundler resolution, with the
 * packages' declarations checked too (skipLibCheck off). @sim/client's example runs against
 * a real server; its bundle for a browser must need nothing from node. `pnpm pack` must give
 * the same package, and a `file:` dependency on a package folder must work the same way.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../apps/api/test/support/server-process.js';
import { consumerEnv, lintTarball, npmPack, PUBLISHED_PACKAGES, REPO_ROOT } from '../packaging/published-packages.js';

const TSC = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
const TSX = join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');

/** The first ```ts block after a heading of a README: the example a reader copies. */
function readmeExample(packageDir: string, heading: string | undefined): string {
  const text = readFileSync(join(REPO_ROOT, packageDir, 'README.md'), 'utf8');
  const from = heading === undefined ? 0 : text.indexOf(`\n${heading}\n`);
  if (from < 0) throw new Error(`${packageDir}/README.md has no heading "${heading}"`);
  const match = /```ts\n([\s\S]*?)```/.exec(text.slice(from));
  if (match?.[1] === undefined) throw new Error(`${packageDir}/README.md has no ts example after "${heading}"`);
  return match[1];
}

const EXAMPLES = {
  engine: readmeExample('packages/engine', '## Quick start'),
  adapters: readmeExample('packages/domain-adapters', undefined),
  client: readmeExample('packages/client', '## Example'),
};

const STRICT = { strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, skipLibCheck: false, target: 'ES2022', lib: ['ES2023'] };

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): { status: number | null; output: string } {
  const result = spawnSync(command, args, { cwd, env: consumerEnv(env), encoding: 'utf8', timeout: 240_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

let root: string;
let consumer: string;
const tarballs = new Map<string, string>();
/** tsc under NodeNext, which also compiles the examples to out/ for plain node. */
let nodenext: { status: number | null; output: string };

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'sim-consumer-'));
  const packs = join(root, 'packs');
  mkdirSync(packs);
  for (const { name, dir } of PUBLISHED_PACKAGES) tarballs.set(name, npmPack(dir, packs));

  consumer = join(root, 'consumer');
  mkdirSync(join(consumer, 'src'), { recursive: true });
  const dependencies = Object.fromEntries([...tarballs].map(([name, tarball]) => [name, `file:${tarball}`]));
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies }));
  // From the local cache where it can; the registry only for what the cache lacks.
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: consumer, env: consumerEnv(), stdio: 'pipe' });
  for (const [name, code] of Object.entries(EXAMPLES)) writeFileSync(join(consumer, 'src', `${name}.ts`), code);
  // The consumer's own node types (for console and process), from this workspace's copy.
  const node = { types: ['node'], typeRoots: [join(REPO_ROOT, 'node_modules/@types')] };
  writeFileSync(
    join(consumer, 'tsconfig.nodenext.json'),
    JSON.stringify({
      compilerOptions: { ...STRICT, ...node, module: 'NodeNext', moduleResolution: 'NodeNext', outDir: 'out', rootDir: 'src' },
      include: ['src'],
    }),
  );
  writeFileSync(
    join(consumer, 'tsconfig.bundler.json'),
    JSON.stringify({ compilerOptions: { ...STRICT, ...node, module: 'ESNext', moduleResolution: 'Bundler', noEmit: true }, include: ['src'] }),
  );
  nodenext = run(process.execPath, [TSC, '-p', 'tsconfig.nodenext.json'], consumer);
}, 600_000);

afterAll(() => {
  if (root !== undefined) rmSync(root, { recursive: true, force: true });
});

describe('the published packages, installed from their tarballs', () => {
  it('pass publint and Are the Types Wrong', async () => {
    for (const tarball of tarballs.values()) expect(await lintTarball(tarball)).toEqual([]);
  }, 300_000);

  it('ship dist/ with declarations and their maps, the licence and changelog, and no tests', () => {
    for (const { name } of PUBLISHED_PACKAGES) {
      const dir = join(consumer, 'node_modules', name);
      const files = execFileSync('find', ['.', '-type', 'f'], { cwd: dir, encoding: 'utf8' }).split('\n');
      expect(files).toEqual(
        expect.arrayContaining([
          './dist/index.js',
          './dist/index.d.ts',
          './dist/index.d.ts.map',
          './README.md',
          './LICENSE',
          './CHANGELOG.md',
          './package.json',
        ]),
      );
      expect(files.filter((file) => file.endsWith('.test.ts') || file.endsWith('.tsbuildinfo'))).toEqual([]);
      expect(readFileSync(join(dir, 'LICENSE'), 'utf8')).toBe(readFileSync(join(REPO_ROOT, 'LICENSE'), 'utf8'));
    }
  });

  it('type-check under NodeNext with every strict option, the declarations included', () => {
    expect(nodenext.output).toBe('');
    expect(nodenext.status).toBe(0);
  });

  it('type-check under bundler resolution', () => {
    const { status, output } = run(process.execPath, [TSC, '-p', 'tsconfig.bundler.json'], consumer);
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 240_000);

  it('run the engine and adapter examples with plain node (compiled) and with tsx', () => {
    const engine = run(process.execPath, ['out/engine.js'], consumer);
    expect(engine.output).toContain('tick 41: decree shock applied');
    expect(engine.output.trim().split('\n').at(-1)).toBe('resumed copy matches: true');
    expect(engine.status).toBe(0);

    const adapters = run(process.execPath, ['out/adapters.js'], consumer);
    // The example prints each event's type: the epidemic's basins are lost, and the run ends.
    expect(adapters.output.split('\n')).toEqual(expect.arrayContaining(['loss', 'completed']));
    expect(adapters.status).toBe(0);

    const viaTsx = run(process.execPath, [TSX, 'src/engine.ts'], consumer);
    expect(viaTsx.output).toBe(engine.output);
  }, 240_000);

  it('bundle @sim/client for a browser with nothing from node', async () => {
    writeFileSync(
      join(consumer, 'browser.ts'),
      "import { createSimClient } from '@sim/client';\nexport const client = createSimClient({ baseUrl: '/', credentials: { apiKey: 'k' } });\n",
    );
    const result = await build({
      absWorkingDir: consumer,
      entryPoints: ['browser.ts'],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    const code = result.outputFiles[0]?.text ?? '';
    expect(code).not.toMatch(/from ['"]node:|require\(['"]node:/);
  }, 120_000);
});

describe("@sim/client's README example, installed, against a running server", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('creates, streams, steps, reads the trace and reports a refusal', () => {
    const { status, output } = run(process.execPath, ['out/client.js'], consumer, { SIM_URL: server.baseUrl, SIM_KEY: server.apiKey ?? '' });
    expect(output).toMatch(/^tick \d+ stability /m);
    expect(output).toMatch(/^5\d \S+/m); // trace steps 50 to 60: tick and move
    expect(output).toContain('VALIDATION_ERROR');
    expect(status).toBe(0);
  }, 120_000);
});

describe('pnpm pack and a file: dependency', () => {
  it('pnpm pack gives the same files and package.json as npm pack (its prepack script aside)', () => {
    const dest = join(root, 'pnpm-packs');
    mkdirSync(dest);
    for (const { name, dir } of PUBLISHED_PACKAGES) {
      // The prepack build ran for npm pack already; skip it here.
      execFileSync('npx', ['-y', 'pnpm@10.34.9', 'pack', '--pack-destination', dest, '--config.ignore-scripts=true'], {
        cwd: join(REPO_ROOT, dir),
        env: consumerEnv(),
        stdio: 'pipe',
      });
      const tarball = join(dest, (tarballs.get(name) ?? '').split('/').at(-1) ?? '');
      const list = (file: string): string[] => execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).split('\n').sort();
      expect(list(tarball)).toEqual(list(tarballs.get(name) ?? ''));
      // pnpm leaves out the prepack script, which only the packing itself runs.
      const manifest = (file: string): unknown => {
        const json = JSON.parse(execFileSync('tar', ['-xzOf', file, 'package/package.json'], { encoding: 'utf8' })) as { scripts: Record<string, string> };
        delete json.scripts.prepack;
        return json;
      };
      expect(manifest(tarball)).toEqual(manifest(tarballs.get(name) ?? ''));
    }
  }, 240_000);

  it('a file: dependency on the package folders runs the same examples', () => {
    const linked = join(root, 'linked');
    mkdirSync(linked);
    const dependencies = Object.fromEntries(PUBLISHED_PACKAGES.map(({ name, dir }) => [name, `file:${join(REPO_ROOT, dir)}`]));
    writeFileSync(join(linked, 'package.json'), JSON.stringify({ name: 'linked', private: true, type: 'module', dependencies }));
    execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: linked, env: consumerEnv(), stdio: 'pipe' });
    for (const example of ['engine', 'adapters']) writeFileSync(join(linked, `${example}.js`), readFileSync(join(consumer, 'out', `${example}.js`)));
    const engine = run(process.execPath, ['engine.js'], linked);
    expect(engine.output.trim().split('\n').at(-1)).toBe('resumed copy matches: true');
    expect(run(process.execPath, ['adapters.js'], linked).status).toBe(0);
  }, 240_000);
});
