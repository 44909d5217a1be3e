import { createRouter } from '../../lib/create-router.js';
import { locateDocsBundle, type DocsBundle } from './docs-bundle.js';
import { docsHandlers } from './docs.handlers.js';
import { DOCS_ASSET_PATH, docsRoutes } from './docs.routes.js';

/**
 * GET /v1/docs (the reference page, documented) and the renderer's bundle at
 * /v1/docs/assets/standalone.js (an implementation detail, left out of the document). Public.
 * GET /v1/openapi.json describes itself in lib/openapi-document.ts.
 */
export function docsRouter(bundle: DocsBundle = locateDocsBundle()) {
  const handlers = docsHandlers(bundle);
  const router = createRouter();
  router.get(DOCS_ASSET_PATH, handlers.asset);
  return router.openapi(docsRoutes.page, handlers.page);
}
