import { OpenAPIHono } from '@hono/zod-openapi';
import { validationError } from './api-error.js';
import { MemoRouter } from './memo-router.js';
import { withStrictQuery } from './strict-query.js';
import { toIssues } from './validation-issues.js';

/**
 * Every router of the app comes from here, so every validation failure (body, query, path,
 * headers) becomes the same 400 VALIDATION_ERROR envelope, and every route refuses query
 * parameters it does not declare (see withStrictQuery). Requests are matched through a
 * MemoRouter.
 */
export function createRouter(): OpenAPIHono {
  const router = new OpenAPIHono({
    // Only the app's own router matches requests; mounted routers hand their routes to it.
    router: new MemoRouter(),
    defaultHook: (result) => {
      if (!result.success) throw validationError(toIssues(result.error));
    },
  });
  const register = router.openapi;
  router.openapi = ((route, handler, hook) => register(withStrictQuery(route), handler, hook)) as typeof register;
  return router;
}
