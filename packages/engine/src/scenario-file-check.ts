import { ScenarioFileSchema, type ScenarioFile } from './schemas/scenario.js';
import { toValidationIssues, type ValidationIssue } from './scenario-error.js';

/**
 * The verdict on one scenario file: every problem found in one pass, each an error (the file is
 * not served) or a warning (it is served, but something is probably not what its author meant).
 *
 * @example
 * const check: ScenarioFileCheck = checkScenarioFile('calm.json', text);
 * if (!check.ok) for (const e of check.errors) console.log(`${e.path}: ${e.message}`);
 */
export interface ScenarioFileCheck {
  /** True when there is no error (warnings allowed). */
  ok: boolean;
  /** The `id` the file declares, when it declares a string one (even if the file is invalid). */
  id: string | undefined;
  /** The validated scenario, defaults filled in; only when `ok`. */
  scenario: ScenarioFile | undefined;
  errors: ValidationIssue[];
  warnings: ValidationIssue[];
}

const JSON_SUFFIX = '.json';
const BYTE_ORDER_MARK = '\uFEFF';

/** Texts up to this long are searched for the position of an unexpected character (below). */
const POSITION_SEARCH_MAX_CHARS = 1_048_576;

/**
 * Where JSON.parse meets the unexpected character it names without a position (node 20 says
 * `Unexpected token 'N', "…" is not valid JSON` for `NaN`, `+3`, `.5`, `'x'`, `undefined`). It
 * parses left to right, so a prefix of the text fails that way exactly when it holds that
 * character; before it, a prefix can only end too soon. The shortest such prefix, found by
 * bisection, ends just after the character. Called once the whole text failed that way.
 */
function unexpectedTokenPosition(text: string): number | undefined {
  if (text.length > POSITION_SEARCH_MAX_CHARS) return undefined;
  const holdsIt = (length: number): boolean => {
    try {
      JSON.parse(text.slice(0, length));
      return false;
    } catch (error) {
      return (error as Error).message.startsWith('Unexpected token');
    }
  };
  let low = 1;
  let high = text.length;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (holdsIt(middle)) high = middle;
    else low = middle + 1;
  }
  return low - 1;
}

/** Where in `text` the JSON.parse error `message` lies, when it can be told. */
function errorPosition(message: string, text: string): number | undefined {
  const named = /at position (\d+)/.exec(message)?.[1];
  if (named !== undefined) return Number(named);
  if (message.startsWith('Unexpected end of JSON input')) return text.length;
  if (message.startsWith('Unexpected token')) return unexpectedTokenPosition(text);
  return undefined;
}

/**
 * A JSON.parse message on one line, with the line and column an editor shows (1-based): where it
 * names a character position, where it names an unexpected character (unexpectedTokenPosition),
 * or at the end of a text that ends too soon.
 */
function withLineAndColumn(message: string, text: string): string {
  const oneLine = message.replace(/\r?\n/g, '\\n');
  if (/\bline \d+/.test(oneLine)) return oneLine;
  const position = errorPosition(oneLine, text);
  if (position === undefined) return oneLine;
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `${oneLine} (line ${line}, column ${column})`;
}

/**
 * Decides whether a scenario file may be served, and says why not. The one rule for the
 * server's catalogue, its folder watch and `sim scenarios validate`, so that they never
 * disagree on what an error is. Pure: the caller reads the file and passes its name and text.
 *
 * Errors: the text is not JSON; anything `ScenarioFileSchema` refuses (types, ranges, unknown
 * keys, and its cross-references: duplicate agent or attractor ids, agents or attractors off the
 * grid, preferences naming an unknown attractor, terrain of the wrong size); an `id` that is not
 * the file name (the catalogue serves a scenario under its id, and authors find it by its file).
 * Warnings: an empty `note` (the catalogue would show no description); a file whose name does not
 * end in `.json` (the server only loads `*.json`, so it would never be served).
 *
 * @example
 * const check = checkScenarioFile('calm-equilibrium.json', readFileSync(path, 'utf8'));
 * console.log(check.ok, check.errors, check.warnings);
 */
export function checkScenarioFile(fileName: string, text: string): ScenarioFileCheck {
  const errors: ValidationIssue[] = [];
  const warnings: ValidationIssue[] = [];
  // Every warning is found alongside the errors, never instead of them: one pass reports every
  // problem (docs/engine.md, "Writing a scenario by hand").
  if (!fileName.endsWith(JSON_SUFFIX)) {
    warnings.push({ path: '', message: `the server only loads *${JSON_SUFFIX} files; this one would not be served` });
  }
  // Editors on Windows often begin a UTF-8 file with a byte-order mark, which JSON.parse refuses
  // as an invisible unexpected token.
  const body = text.startsWith(BYTE_ORDER_MARK) ? text.slice(1) : text;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    errors.push({ path: '', message: `not valid JSON: ${withLineAndColumn((error as Error).message, body)}` });
    return { ok: false, id: undefined, scenario: undefined, errors, warnings };
  }

  const parsed = ScenarioFileSchema.safeParse(json);
  if (!parsed.success) errors.push(...toValidationIssues(parsed.error));

  // Read from the raw JSON so that a mismatch is reported even when other fields are wrong.
  const whole = typeof json === 'object' && json !== null && !Array.isArray(json);
  const raw = whole ? (json as { id?: unknown; note?: unknown }) : {};
  const id = typeof raw.id === 'string' ? raw.id : undefined;
  if (fileName.endsWith(JSON_SUFFIX)) {
    const expected = fileName.slice(0, -JSON_SUFFIX.length);
    if (id !== undefined && id !== expected) {
      errors.push({ path: 'id', message: `"${id}" differs from the file name; name the file ${id}${JSON_SUFFIX} or set "id": "${expected}"` });
    }
  }

  // The note as the catalogue would show it: absent is empty; a note of the wrong type is an error already.
  // A whole that is no object has no note to warn of: its one error says what it is.
  const note = parsed.success ? parsed.data.note : !whole ? undefined : raw.note === undefined ? '' : typeof raw.note === 'string' ? raw.note : undefined;
  if (note !== undefined && note.trim() === '') {
    warnings.push({ path: 'note', message: 'empty: GET /v1/scenarios would show no description' });
  }

  const ok = errors.length === 0;
  return { ok, id, scenario: ok && parsed.success ? parsed.data : undefined, errors, warnings };
}

/**
 * Adds an error to every passing check, after the first, whose id a passing check earlier in the
 * given order already declared, so that a catalogue built from the files stays unambiguous. Only
 * passing checks claim an id: a failing file is not served, so it must not push out the file that
 * is (`a.json` declaring `"id": "b"` fails already, and leaves `b.json` alone). In one folder no
 * two passing files share an id (each id is its file name); files from several folders can.
 *
 * @example
 * const checked = flagDuplicateIds(files.map((f) => ({ label: f.path, check: checkScenarioFile(f.name, f.text) })));
 */
export function flagDuplicateIds<T extends { label: string; check: ScenarioFileCheck }>(entries: readonly T[]): T[] {
  const firstById = new Map<string, string>();
  return entries.map((entry) => {
    const { id, ok } = entry.check;
    if (!ok || id === undefined) return entry;
    const first = firstById.get(id);
    if (first === undefined) {
      firstById.set(id, entry.label);
      return entry;
    }
    const errors = [...entry.check.errors, { path: 'id', message: `"${id}" is also the id of ${first}` }];
    return { ...entry, check: { ...entry.check, ok: false, scenario: undefined, errors } };
  });
}
