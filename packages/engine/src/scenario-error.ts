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
  return error.issues.flatMap((issue) => {
    const at = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: dotted([...at, key]), message: `Unrecognized key: "${key}"` }));
    }
    return [{ path: dotted(at), message: issue.message }];
  });
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
