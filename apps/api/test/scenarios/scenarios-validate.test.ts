import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/cli-io.js';
import { runCli } from '../../src/cli/run-cli.js';
import { silentLogger } from '../../src/lib/logger.js';
import { loadScenarioFolder } from '../../src/scenarios/load-scenario-folder.js';
import { tempDir } from '../support/server-process.js';
import { validScenarioText, writeScenario } from './scenario-folder-fixtures.js';

const folder = tempDir('sim-validate-');
afterAll(folder.remove);

interface JsonReport {
  ok: boolean;
  files: { file: string; id: string | null; ok: boolean; errors: { path: string; message: string }[]; warnings: { path: string; message: string }[] }[];
}

/** `sim scenarios validate …` in-process, from the temporary folder; the command opens no database. */
async function validate(args: string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const io: CliIo = { env, cwd: folder.path, repoRoot: folder.path, stdout: (t) => (stdout += `${t}\n`), stderr: (t) => (stderr += `${t}\n`) };
  const code = await runCli(['scenarios', 'validate', ...args], io, () => Promise.reject(new Error('no database needed')));
  return { code, stdout, stderr };
}

/** A file with one problem of each kind the engine checks, cross-references included. */
const MANY_PROBLEMS = JSON.stringify({
  id: 'not-the-file-name',
  label: 'Many problems',
  seed: 'seven',
  colour: 'blue',
  agents: [
    { id: 'a', marker: { x: 20, y: 1 } },
    { id: 'a', marker: { x: 1, y: 1 }, attractorPreferences: { ghost: 1 } },
  ],
  initialState: {
    width: 8,
    height: 8,
    attractors: [
      { id: 'w', x: 4, y: 4, depth: 0, radius: 2, capacity: 10 },
      { id: 'w', x: 4, y: 9, depth: 1, radius: 2, capacity: 10 },
    ],
  },
});

describe('sim scenarios validate', () => {
  it('reports every problem of a file in one pass, cross-references and the file name included', async () => {
    writeScenario(folder.path, 'many.json', MANY_PROBLEMS);
    const result = await validate(['many.json', '--json']);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(report.ok).toBe(false);
    expect(report.files).toHaveLength(1);
    // Warnings alongside the errors: the file has no note (docs/engine.md, "Writing a scenario by hand").
    expect(report.files[0]).toMatchObject({ file: 'many.json', id: 'not-the-file-name', ok: false, warnings: [{ path: 'note', message: expect.stringContaining('empty') }] });
    expect(report.files[0]?.errors.map((e) => e.path).sort()).toEqual(
      [
        'agents.0.marker.x',
        'agents.1.attractorPreferences.ghost',
        'agents.1.id',
        'colour',
        'id',
        'initialState.attractors.0.depth',
        'initialState.attractors.1.id',
        'initialState.attractors.1.y',
        'seed',
      ].sort(),
    );
    // Without --json the same problems, one line each, on stderr.
    const human = await validate(['many.json']);
    expect(human.code).toBe(1);
    expect(human.stderr).toMatch(/many\.json: agents\.1\.attractorPreferences\.ghost: unknown attractor "ghost"/);
    expect(human.stderr).toMatch(/many\.json: id: "not-the-file-name" differs from the file name/);
    expect(human.stderr).toMatch(/many\.json: note: warning: empty/);
  });

  it('--json: ok files, warnings without failing (exit 0), duplicates and unreadable files as errors (exit 1)', async () => {
    const dir = tempDir('sim-validate-json-');
    try {
      writeScenario(dir.path, 'alpha.json', validScenarioText('alpha'));
      writeScenario(dir.path, 'quiet.json', validScenarioText('quiet', { note: '' }));
      const clean = await validate(['--json'], { SIM_SCENARIOS_DIR: dir.path });
      expect(clean.code).toBe(0);
      const report = JSON.parse(clean.stdout) as JsonReport;
      expect(report.ok).toBe(true);
      expect(report.files.map((f) => [f.id, f.ok, f.errors.length, f.warnings.map((w) => w.path)])).toEqual([
        ['alpha', true, 0, []],
        ['quiet', true, 0, ['note']],
      ]);
      expect(report.files[0]?.file).toMatch(/alpha\.json$/);
      // A folder named on the line stands for its .json files, as SIM_SCENARIOS_DIR does.
      const named = JSON.parse((await validate([dir.path, '--json'])).stdout) as JsonReport;
      expect(named.files.map((f) => f.id)).toEqual(['alpha', 'quiet']);

      // The same id in two folders, and a file that is not there.
      const other = writeScenario(folder.path, 'alpha.json', validScenarioText('alpha'));
      const failing = await validate([`${dir.path}/alpha.json`, other, 'missing.json', '--json']);
      expect(failing.code).toBe(1);
      const files = (JSON.parse(failing.stdout) as JsonReport).files;
      expect(files.map((f) => f.ok)).toEqual([true, false, false]);
      expect(files[1]?.errors).toEqual([{ path: 'id', message: expect.stringMatching(/^"alpha" is also the id of /) }]);
      expect(files[2]).toMatchObject({ file: 'missing.json', id: null, errors: [{ path: '', message: 'cannot read: ENOENT' }] });

      // A file the server never loads (not *.json) claims no id: named first, it is warned about
      // and pushes out nothing.
      const draft = writeScenario(folder.path, 'alpha.txt', validScenarioText('alpha'));
      const beside = await validate([draft, `${dir.path}/alpha.json`, '--json']);
      expect(beside.code).toBe(0);
      const both = (JSON.parse(beside.stdout) as JsonReport).files;
      expect(both.map((f) => [f.ok, f.errors.length])).toEqual([
        [true, 0],
        [true, 0],
      ]);
      expect(both[0]?.warnings.map((w) => w.message)).toEqual([expect.stringMatching(/would not be served/)]);
    } finally {
      dir.remove();
    }
  });

  it('agrees with the server on every file of a folder: served exactly when the validator says ok', async () => {
    const dir = tempDir('sim-validate-agree-');
    try {
      writeScenario(dir.path, 'good.json', validScenarioText('good'));
      writeScenario(dir.path, 'quiet.json', validScenarioText('quiet', { note: '' }));
      // Valid content under another file name: an error for both (it was only a warning at start).
      writeScenario(dir.path, 'renamed.json', validScenarioText('original-name'));
      writeScenario(dir.path, 'many-problems.json', MANY_PROBLEMS);
      writeScenario(dir.path, 'broken.json', '{');

      const report = JSON.parse((await validate(['--json'], { SIM_SCENARIOS_DIR: dir.path })).stdout) as JsonReport;
      const valid = report.files.filter((f) => f.ok).map((f) => f.id);
      const { scenarios, problems } = loadScenarioFolder(dir.path, silentLogger);
      expect(scenarios.map((s) => s.id).sort()).toEqual(valid.sort());
      expect(valid.sort()).toEqual(['good', 'quiet']);
      expect(problems.map((p) => p.file).sort()).toEqual(['broken.json', 'many-problems.json', 'renamed.json']);
      expect(problems.find((p) => p.file === 'renamed.json')?.problem).toMatch(/id: "original-name" differs from the file name/);
    } finally {
      dir.remove();
    }
  });
});
