import type { z } from '@hono/zod-openapi';
import type { ValidationProblem } from './api-error.js';

/**
 * Turns zod issues into the interface's `{ path, message }` list. Body paths are dotted from
 * the body root; query and path parameters are named by themselves (`limit`, `id`).
 */
export function toIssues(error: z.ZodError): ValidationProblem[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}
