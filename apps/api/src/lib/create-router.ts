import { OpenAPIHono } from '@hono/zod-openapi';
import { validationError } from './api-error.js';
import { toIssues } from './validation-issues.js';

/**
 * Every router of the app comes from here, so every validation failure (body, query, path,
 * headers) becomes the same 400 VALIDATION_ERROR envelope.
 */
export function createRouter(): OpenAPIHono {
  return new OpenAPIHono({
    defaultHook: (result) => {
      if (!result.success) throw validationError(toIssues(result.error));
    },
  });
}
