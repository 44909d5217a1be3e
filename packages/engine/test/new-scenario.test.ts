import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { checkScenarioFile } from '../src/index.js';
import { GOLDEN_UPDATE_COMMAND } from './golden/trace-hash.js';

/**
 * What a scenario author meets: a new valid file in a scenarios folder must pass the generic
 * scenario tests without any edit to them, and the golden check must fail only for want of its
 * hashes, naming the one command that pins them; after that command, it passes. The suites run
 * in child vitest processes over a temporary folder (SIM_TEST_SCENARIOS_DIR) and a temporary
 * golden file (SIM_TEST_GOLDEN_FILE), so the repository's own files are never touched. The new
 * file is the example of docs/engine.md, which this keeps honest.
 */

const run = promisify(execFile);
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ENGINE_DIR = fileURLToPath(new URL('../', import.meta.url));
const VITEST = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

/** The JSON block that follows the heading "Writing a scenario by hand" in docs/engine.md. */
function docsExample(): { id: string; text: string } {
  const docs = readFileSync(join(REPO_ROOT, 'docs/engine.md'), 'utf8');
  const section = docs.slice(docs.indexOf('## Writing a scenario by hand'));
  const text = /```json\n([\s\S]*?)```/.exec(section)?.[1];
  if (text === undefined) throw new Error('docs/engine.md has no JSON example under "Writing a scenario by hand"');
  return { id: (JSON.parse(text) as { id: string }).id, text };
}

interface VitestReport {
  testResults: { name: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

/** Runs test files of the engine in a fresh vitest over the temporary folder; returns its JSON report. */
async function vitest(files: string[], env: Record<string, string>, report: string): Promise<VitestReport> {
  // The outer run's own variables would make the child think it is a worker of this one.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  await run(process.execPath, [VITEST, 'run', '--project', 'engine', ...files, '--reporter=json', `--outputFile=${report}`], {
    cwd: REPO_ROOT,
    env: { ...inherited, ...env },
    timeout: 120_000,
  }).catch(() => undefined); // a failing suite exits 1; the report says what failed
  return JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
}

const results = (report: VitestReport, file: string) => report.testResults.find((r) => r.name.endsWith(file))?.assertionResults ?? [];

describe('a new valid scenario file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sim-new-scenario-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const scenarios = join(dir, 'scenarios');
  const env = { SIM_TEST_SCENARIOS_DIR: scenarios, SIM_TEST_GOLDEN_FILE: join(dir, 'golden-hashes.json') };
  const example = docsExample();

  it('passes the generic suite; the golden check names the command, which then pins it', async () => {
    expect(checkScenarioFile(`${example.id}.json`, example.text)).toMatchObject({ ok: true, errors: [], warnings: [] });
    mkdirSync(scenarios);
    writeFileSync(join(scenarios, `${example.id}.json`), example.text);

    const first = await vitest(['packages/engine/test/scenarios.test.ts', 'packages/engine/test/golden.test.ts'], env, join(dir, 'first.json'));
    const generic = results(first, 'scenarios.test.ts');
    // Only the generic tests of the new file run: every claim concerns a file that is not there.
    expect(generic.filter((t) => t.status === 'passed').map((t) => t.fullName)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`${example.id}.json passes the checks`),
        expect.stringContaining(`${example.id}.json runs deterministically`),
      ]),
    );
    expect(generic.filter((t) => t.status === 'failed').map((t) => t.fullName)).toEqual([]);
    expect(generic.filter((t) => t.status === 'passed' && t.fullName.includes('does what its note says'))).toEqual([]);

    const golden = results(first, 'golden.test.ts');
    const failed = golden.filter((t) => t.status === 'failed');
    expect(failed.map((t) => t.fullName)).toEqual([`golden traces ${example.id} is pinned for the scenario as it is on disk`]);
    expect(failed[0]?.failureMessages.join('\n')).toContain(`run \`${GOLDEN_UPDATE_COMMAND}\` from the repository root`);

    // The command runs the package's golden:update script, which is this (with tsx as the runner).
    const scripts = (JSON.parse(readFileSync(join(ENGINE_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['golden:update']).toBe('tsx --conditions=@sim/source scripts/update-golden.ts');
    const updated = await run(process.execPath, ['--conditions=@sim/source', '--import', 'tsx', 'scripts/update-golden.ts'], {
      cwd: ENGINE_DIR,
      env: { ...process.env, ...env },
    });
    expect(updated.stdout).toContain(`added ${example.id}`);

    const second = await vitest(['packages/engine/test/golden.test.ts'], env, join(dir, 'second.json'));
    const after = results(second, 'golden.test.ts');
    expect(after.filter((t) => t.status !== 'passed')).toEqual([]);
    expect(after.length).toBeGreaterThan(2);
  }, 180_000);
});
