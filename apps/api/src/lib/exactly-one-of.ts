import type { z } from '@hono/zod-openapi';

const list = (fields: readonly string[]): string =>
  fields.length === 2 ? `${fields[0]} or ${fields[1]}` : `${fields.slice(0, -1).join(', ')} or ${fields.at(-1)}`;

/**
 * A refinement for "exactly one of these fields": one issue at path `""` (the whole body)
 * naming the fields, as decisions.md asks. Guarded for non-objects because the OpenAPI
 * generator probes schemas with `null`.
 */
export function exactlyOneOf(fields: readonly string[]) {
  return (value: unknown, ctx: z.RefinementCtx): void => {
    if (typeof value !== 'object' || value === null) return;
    const present = fields.filter((f) => (value as Record<string, unknown>)[f] !== undefined);
    if (present.length === 1) return;
    ctx.addIssue({
      code: 'custom',
      path: [],
      message: present.length === 0 ? `Exactly one of ${list(fields)} is required` : `Give exactly one of ${list(fields)}, not ${list(present).replace(' or ', ' and ')}`,
    });
  };
}
