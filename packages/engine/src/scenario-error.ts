import type { z } from 'zod';

/**
 * One problem with an input, at the dotted path of the field (`agents.0.marker.x`, `""` for the whole).
 *
 * @example
 * const issue: ValidationIssue = { path: 'agents.0.marker.x', message: 'agent is off the grid: x must be 0 to 31' };
 */
export interface ValidationIssue {
  path: string;
  message: string;
}

/**
 * Turns zod's issues into dotted paths, one entry per field-level problem. An unknown key is
 * reported at its own path (`agents.0.colour`), one issue per key: zod reports all of an
 * object's unknown keys in one issue at the object's path, which would blame the parent (or
 * `""`, the whole input) for a field the caller added.
 *
 * @example
 * const parsed = ScenarioSchema.safeParse(input);
 * if (!parsed.success) console.log(toValidationIssues(parsed.error)); // [{ path: 'seed', message: '…' }, …]
 */
export function toValidationIssues(error: z.ZodError, prefix: readonly PropertyKey[] = []): ValidationIssue[] {
  return flatten(error.issues, prefix);
}

function flatten(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[]): ValidationIssue[] {
  return tightestBounds(issues).flatMap((issue) => {
    const at = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: dotted([...at, key]), message: `Unrecognized key: "${key}"` }));
    }
    if (issue.code === 'invalid_union' && issue.errors.length > 0) return unionIssues(issue.errors, at) ?? [{ path: dotted(at), message: issue.message }];
    return [{ path: dotted(at), message: issue.message }];
  });
}

type BoundIssue = z.core.$ZodIssueTooBig | z.core.$ZodIssueTooSmall;

/** True when `issue` states a tighter bound than `than`, of the same kind (both too big, or both too small). */
const tighter = (issue: BoundIssue, than: BoundIssue): boolean =>
  issue.code === 'too_big' && than.code === 'too_big'
    ? Number(issue.maximum) < Number(than.maximum)
    : issue.code === 'too_small' && than.code === 'too_small' && Number(issue.minimum) > Number(than.minimum);

/**
 * One problem, one issue: a number past both `.int()`'s safe range and the field's `.max()`
 * (a `ticks` of 1e300) is reported by zod twice at one path, "expected int to be
 * <=9007199254740991" and "expected number to be <=10000". Of the bounds of one kind broken at
 * one path, the tightest is the one that tells the caller what to send; the others are left out.
 */
function tightestBounds(issues: readonly z.core.$ZodIssue[]): readonly z.core.$ZodIssue[] {
  const byPlace = new Map<string, number>();
  const kept: z.core.$ZodIssue[] = [];
  for (const issue of issues) {
    if (issue.code !== 'too_big' && issue.code !== 'too_small') {
      kept.push(issue);
      continue;
    }
    const place = `${issue.code}\u0000${issue.path.map(String).join('\u0000')}`;
    const at = byPlace.get(place);
    if (at === undefined) {
      byPlace.set(place, kept.push(issue) - 1);
    } else if (tighter(issue, kept[at] as BoundIssue)) {
      kept[at] = issue;
    }
  }
  return kept;
}

/** Why an option refused the value itself for its kind (a list where it takes an object), if it did. */
const kindRefusal = (option: readonly z.core.$ZodIssue[]): z.core.$ZodIssueInvalidType | undefined =>
  option.find((issue): issue is z.core.$ZodIssueInvalidType => issue.code === 'invalid_type' && issue.path.length === 0);

/**
 * zod's "Invalid input" for a value no option of a union took, made specific: when the value is
 * of the kind one option takes, that option's own problems (a list too long, a range without
 * its step); when it is of no option's kind, the kinds expected. Undefined when several options
 * took its kind: zod's message stands.
 */
function unionIssues(options: readonly (readonly z.core.$ZodIssue[])[], at: readonly PropertyKey[]): ValidationIssue[] | undefined {
  const ofItsKind = options.filter((option) => kindRefusal(option) === undefined);
  if (ofItsKind.length === 1) return flatten(ofItsKind[0] as readonly z.core.$ZodIssue[], at);
  if (ofItsKind.length > 0) return undefined;
  const refusals = options.map((option) => kindRefusal(option) as z.core.$ZodIssueInvalidType);
  const expected = [...new Set(refusals.map((refusal) => refusal.expected))];
  const received = /received (\w+)/.exec(refusals[0]?.message ?? '')?.[1];
  const list = expected.length < 2 ? expected.join('') : `${expected.slice(0, -1).join(', ')} or ${expected.at(-1)}`;
  return [{ path: dotted(at), message: `Invalid input: expected ${list}${received === undefined ? '' : `, received ${received}`}` }];
}

const dotted = (path: readonly PropertyKey[]): string => path.map(String).join('.');

/**
 * Thrown by `Simulation.create` for a scenario that does not validate; lists every problem.
 *
 * @example
 * try {
 *   Simulation.create(scenario);
 * } catch (error) {
 *   if (error instanceof ScenarioError) for (const { path, message } of error.issues) console.log(path, message);
 * }
 */
export class ScenarioError extends Error {
  readonly issues: ValidationIssue[];
  constructor(issues: ValidationIssue[]) {
    super(`invalid scenario: ${issues.map((i) => `${i.path || '(scenario)'}: ${i.message}`).join('; ')}`);
    this.name = 'ScenarioError';
    this.issues = issues;
  }
}

/**
 * Thrown for an engine version this build does not serve.
 *
 * @example
 * try {
 *   Simulation.create(scenario, { engineVersion: '9.9.9' });
 * } catch (error) {
 *   if (error instanceof UnknownEngineVersionError) console.log(`no engine ${error.version}`);
 * }
 */
export class UnknownEngineVersionError extends Error {
  constructor(readonly version: string) {
    super(`unknown engine version "${version}"`);
    this.name = 'UnknownEngineVersionError';
  }
}

/**
 * Thrown by `Simulation.restore` for a value that is not a snapshot this engine wrote: another
 * format, a missing or mistyped field, parallel arrays that do not line up. Lists every problem.
 *
 * @example
 * try {
 *   Simulation.restore(JSON.parse(stored));
 * } catch (error) {
 *   if (error instanceof SnapshotError) console.log(error.issues);
 * }
 */
export class SnapshotError extends Error {
  readonly issues: ValidationIssue[];
  constructor(issues: ValidationIssue[]) {
    super(`invalid engine snapshot: ${issues.map((i) => `${i.path || '(snapshot)'}: ${i.message}`).join('; ')}`);
    this.name = 'SnapshotError';
    this.issues = issues;
  }
}
