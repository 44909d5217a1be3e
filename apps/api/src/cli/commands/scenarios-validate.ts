import { flagDuplicateIds, type ScenarioFileCheck, type ValidationIssue } from '@sim/engine';
import { readdirSync, statSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readScenarioFile } from '../../scenarios/read-scenario-file.js';
import { CliError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { SIM_COMMAND } from '../../lib/operator-command.js';

export const SCENARIOS_VALIDATE_HELP = `Usage: ${SIM_COMMAND} scenarios validate [FILE|FOLDER…] [--json]

Checks scenario files by the rule the server applies when it loads them (default: every .json
file of the repository's scenarios/ directory, or of SIM_SCENARIOS_DIR as for the server; a
folder given stands for its .json files).
Every problem of a file is reported in one pass, each at the dotted path of its field: types,
ranges and unknown keys, duplicate agent or attractor ids, agents or attractors off the grid,
preferences naming an unknown attractor, an "id" other than the file name, an id given twice.
Errors keep the server from serving a file; warnings (an empty note) do not.

Options:
  --json   print { ok, files: [{ file, id, ok, errors: [{ path, message }], warnings: [...] }] }

Exit code 1 when any file has an error (warnings alone: 0).`;

/** One file's verdict as `--json` prints it (the shape is documented in docs/engine.md). */
interface FileReport {
  file: string;
  id: string | null;
  ok: boolean;
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
}

/** The folder the server loads: SIM_SCENARIOS_DIR, else the repository's scenarios/. */
function defaultFiles(io: CliIo): string[] {
  const configured = io.env.SIM_SCENARIOS_DIR?.trim();
  return jsonFilesOf(configured ? resolve(io.cwd, configured) : join(io.repoRoot, 'scenarios'));
}

/** The `.json` files of a folder, as the server loads them, in name order. */
function jsonFilesOf(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => extname(name) === '.json' && statSync(join(dir, name)).isFile())
    .sort()
    .map((name) => join(dir, name));
}

/** A path given: a folder stands for its `.json` files, anything else for itself (checked as a file). */
function filesOf(path: string): string[] {
  let folder = false;
  try {
    folder = statSync(path).isDirectory();
  } catch {
    // Missing or unreadable: the check says so, for that path.
  }
  return folder ? jsonFilesOf(path) : [path];
}

const toReport = (file: string, check: ScenarioFileCheck): FileReport => ({
  file,
  id: check.id ?? null,
  ok: check.ok,
  errors: check.errors,
  warnings: check.warnings,
});

export async function scenariosValidate(args: string[], io: CliIo): Promise<void> {
  const { positionals, values } = parseArgs({ args, options: { json: { type: 'boolean', default: false } }, strict: true, allowPositionals: true });
  let files: string[];
  try {
    files = positionals.length > 0 ? positionals.flatMap((p) => filesOf(resolve(io.cwd, p))) : defaultFiles(io);
  } catch (error) {
    throw new CliError(`cannot list the scenarios folder: ${(error as Error).message}`);
  }
  if (files.length === 0) throw new CliError('no scenario files to validate');

  const entries = files.map((file) => ({ label: relative(io.cwd, file) || file, check: readScenarioFile(file) }));
  // Only files the server would load claim an id: one it never serves (its warning says so)
  // cannot push out a served file of the same id.
  // The server's rule (checkScenarioFolder): every name that ends in .json.
  const loaded = (entry: (typeof entries)[number]): boolean => entry.label.endsWith('.json');
  const flagged = flagDuplicateIds(entries.filter(loaded));
  // flagDuplicateIds keeps the order it is given: the served files come back one by one.
  const checked = entries.map((entry) => (loaded(entry) ? (flagged.shift() ?? entry) : entry));
  const reports = checked.map(({ label, check }) => toReport(label, check));
  const failed = reports.filter((report) => !report.ok).length;

  if (values.json) {
    io.stdout(JSON.stringify({ ok: failed === 0, files: reports }, null, 2));
    // The JSON already says everything; the exit code alone tells a script it failed.
    if (failed > 0) throw new CliError(`${failed} of ${files.length} file(s) with errors`);
    return;
  }
  for (const report of reports) {
    if (report.ok) io.stdout(`${report.warnings.length > 0 ? 'warn ' : 'ok   '} ${report.file}`);
    for (const p of report.errors) io.stderr(`${report.file}: ${p.path || '(file)'}: ${p.message}`);
    for (const p of report.warnings) io.stderr(`${report.file}: ${p.path || '(file)'}: warning: ${p.message}`);
  }
  const summary = `${files.length} file(s) checked, ${failed} with errors`;
  if (failed > 0) throw new CliError(summary);
  io.stdout(summary);
}
