import type { z } from '@hono/zod-openapi';

const list = (fields: readonly string[]): string =>
  fields.length === 2 ? `${fields[0]} or ${fields[1]}` : `${fields.slice(0, -1).join(', ')} or ${fields.at(-1)}`;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Options for a body-level refinement that must run alongside the fields' own issues: zod
 * skips a refinement once any field has an issue, unless `when` says otherwise, and a client
 * fixing `scenario` should learn at once that `scenarioId` has to go too. It runs whenever the
 * body is an object (a non-object body is already refused as a whole). zod still skips it
 * after an issue that aborts explicitly (`.int()` on a fraction), which `when` cannot override.
 */
export const alongsideFieldIssues = { when: (payload: z.core.ParsePayload): boolean => isRecord(payload.value) };

/**
 * A refinement for "exactly one of these fields": one issue at path `""` (the whole body)
 * naming the fields, as decisions.md asks. Use it with `alongsideFieldIssues`. Guarded for
 * non-objects because the OpenAPI generator probes schemas with `null`.
 */
export function exactlyOneOf(fields: readonly string[]) {
  return (value: unknown, ctx: z.RefinementCtx): void => {
    if (!isRecord(value)) return;
    const present = fields.filter((f) => value[f] !== undefined);
    if (present.length === 1) return;
    ctx.addIssue({
      code: 'custom',
      path: [],
      message: present.length === 0 ? `Exactly one of ${list(fields)} is required` : `Give exactly one of ${list(fields)}, not ${list(present).replace(' or ', ' and ')}`,
    });
  };
}
