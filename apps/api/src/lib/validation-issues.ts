import type { z } from '@hono/zod-openapi';
import { toValidationIssues } from '@sim/engine';
import type { ValidationProblem } from './api-error.js';

/**
 * Turns zod issues into the interface's `{ path, message }` list. Body paths are dotted from
 * the body root; query and path parameters are named by themselves (`limit`, `id`). The
 * engine's formatter does the work, so a request body and a scenario or domain input that the
 * engine validates report the same paths (an unknown key at its own path, for instance).
 */
export function toIssues(error: z.ZodError): ValidationProblem[] {
  return toValidationIssues(error);
}
