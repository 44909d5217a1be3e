import type { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { MAX_REPORTED_ISSUES, validationError, type ValidationProblem } from './api-error.js';
import { toIssues } from './validation-issues.js';

const list = (fields: readonly string[]): string =>
  fields.length === 2 ? `${fields[0]} or ${fields[1]}` : `${fields.slice(0, -1).join(', ')} or ${fields.at(-1)}`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A rule about a body as a whole (which fields go together): the problems of a body that breaks it. */
export type BodyRule = (body: Record<string, unknown>) => ValidationProblem[];

/** "Exactly one of these fields": one problem at path `""` (the whole body) naming the fields (docs/api.md, "Resources"). */
export function exactlyOneOf(fields: readonly string[]): BodyRule {
  return (body) => {
    const present = fields.filter((f) => body[f] !== undefined);
    if (present.length === 1) return [];
    const message =
      present.length === 0
        ? `Exactly one of ${list(fields)} is required`
        : `Give exactly one of ${list(fields)}, not ${list(present).replace(' or ', ' and ')}`;
    return [{ path: '', message }];
  };
}

/**
 * Body rules as one zod refinement (`.superRefine(refinement(...rules), alongsideFieldIssues)`),
 * so that the schema states them. Guarded for non-objects because the OpenAPI generator probes
 * schemas with `null`.
 */
export function refinement(...rules: readonly BodyRule[]) {
  return (value: unknown, ctx: z.RefinementCtx): void => {
    if (!isRecord(value)) return;
    for (const problem of rules.flatMap((rule) => rule(value)))
      ctx.addIssue({ code: 'custom', path: problem.path === '' ? [] : problem.path.split('.'), message: problem.message });
  };
}

/**
 * Options for a body-level refinement that must run alongside the fields' own issues: zod
 * skips a refinement once any field has an issue, unless `when` says otherwise, and a client
 * fixing `scenario` should learn at once that `scenarioId` has to go too. It runs whenever the
 * body is an object (a non-object body is already refused as a whole). zod still skips it
 * after an issue that aborts explicitly (`.int()` on a fraction), which `when` cannot override:
 * `reportBodyRules` covers that case.
 */
export const alongsideFieldIssues = { when: (payload: z.core.ParsePayload): boolean => isRecord(payload.value) };

/**
 * A refused body's problems with those of `rules` that zod skipped added (after them, or
 * before when there are more than an answer lists): the whole
 * answer of a route whose hook is reportBodyRules(...rules), wherever the body was checked.
 */
export function withBodyRules(issues: ValidationProblem[], rules: readonly BodyRule[], body: unknown): ValidationProblem[] {
  if (!isRecord(body)) return issues;
  const known = new Set(issues.map((issue) => `${issue.path}\u0000${issue.message}`));
  const added = rules.flatMap((rule) => rule(body)).filter((problem) => !known.has(`${problem.path}\u0000${problem.message}`));
  // An answer lists the first MAX_REPORTED_ISSUES problems: when all do not fit, the rules'
  // (about the body as a whole) come first, so that none of them is the one cut.
  return issues.length + added.length <= MAX_REPORTED_ISSUES ? [...issues, ...added] : [...added, ...issues];
}

/** What a route hook receives from @hono/zod-openapi's validators. */
type ValidationOutcome = { target: string } & ({ success: false; error: z.ZodError } | { success: true });

/**
 * A route hook (the third argument of `.openapi`) for a body with rules: when the body fails
 * validation, the rules are checked again on the body as sent (Hono keeps it parsed), and the
 * problems zod skipped are added, so that one answer names every problem. Otherwise it refuses
 * as the router's default hook does.
 */
export function reportBodyRules(...rules: readonly BodyRule[]) {
  async function refuse(error: z.ZodError, target: string, c: Context): Promise<never> {
    const body: unknown = target === 'json' ? await c.req.json().catch(() => undefined) : undefined;
    throw validationError(withBodyRules(toIssues(error), rules, body));
  }
  return (result: ValidationOutcome, c: Context): Promise<never> | undefined => (result.success ? undefined : refuse(result.error, result.target, c));
}
