import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ScenarioFileSchema, toValidationIssues } from '@sim/engine';
import { CliError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { scenarioWorkProblems } from '../../work-budget/scenario-work-check.js';

export const SCENARIOS_VALIDATE_HELP = `Usage: pnpm sim scenarios validate [FILE…]

Checks scenario files against the engine's scenario file schema (default: every .json file in
the repository's scenarios/ directory). Prints each problem as FILE: PATH: MESSAGE and exits
with 1 when there is any problem (SIM_SCENARIOS_DIR overrides the folder, as for the server). Also checks that each file's "id" is its file name and that
ids are unique.`;

interface Problem {
  file: string;
  path: string;
  message: string;
}

/** The folder the server loads: SIM_SCENARIOS_DIR, else the repository's scenarios/. */
function defaultFiles(io: CliIo): string[] {
  const configured = io.env.SIM_SCENARIOS_DIR?.trim();
  const dir = configured ? resolve(io.cwd, configured) : join(io.repoRoot, 'scenarios');
  return readdirSync(dir)
    .filter((name) => extname(name) === '.json' && statSync(join(dir, name)).isFile())
    .sort()
    .map((name) => join(dir, name));
}

function validateFile(file: string, shown: string, seenIds: Map<string, string>): Problem[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return [{ file: shown, path: '', message: `cannot read: ${(error as NodeJS.ErrnoException).code ?? String(error)}` }];
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return [{ file: shown, path: '', message: `not valid JSON: ${(error as Error).message}` }];
  }
  const result = ScenarioFileSchema.safeParse(json);
  if (!result.success) return toValidationIssues(result.error).map((issue) => ({ file: shown, ...issue }));
  const problems: Problem[] = scenarioWorkProblems(result.data).map((problem) => ({ file: shown, ...problem }));
  const { id } = result.data;
  // The catalogue serves a scenario under its id; a file named otherwise is a trap for authors.
  if (extname(file) === '.json' && basename(file, '.json') !== id) {
    problems.push({ file: shown, path: 'id', message: `"${id}" differs from the file name; name the file ${id}.json` });
  }
  const other = seenIds.get(id);
  if (other !== undefined) problems.push({ file: shown, path: 'id', message: `"${id}" is also the id of ${other}` });
  else seenIds.set(id, shown);
  return problems;
}

export async function scenariosValidate(args: string[], io: CliIo): Promise<void> {
  const { positionals } = parseArgs({ args, options: {}, strict: true, allowPositionals: true });
  let files: string[];
  try {
    files = positionals.length > 0 ? positionals.map((p) => resolve(io.cwd, p)) : defaultFiles(io);
  } catch (error) {
    throw new CliError(`cannot list the scenarios folder: ${(error as Error).message}`);
  }
  if (files.length === 0) throw new CliError('no scenario files to validate');
  const seenIds = new Map<string, string>();
  let failed = 0;
  for (const file of files) {
    const shown = relative(io.cwd, file) || file;
    const problems = validateFile(file, shown, seenIds);
    if (problems.length === 0) {
      io.stdout(`ok    ${shown}`);
      continue;
    }
    failed += 1;
    for (const p of problems) io.stderr(`${p.file}: ${p.path || '(file)'}: ${p.message}`);
  }
  const summary = `${files.length} file(s) checked, ${failed} with problems`;
  if (failed > 0) throw new CliError(summary);
  io.stdout(summary);
}
