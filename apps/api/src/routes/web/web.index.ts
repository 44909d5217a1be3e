import type { Context } from 'hono';
import { notFound } from '../../lib/api-error.js';
import { createRouter } from '../../lib/create-router.js';
import type { ViewerFile, ViewerFiles } from './viewer-files.js';

/**
 * The page loads its script, its styles and its data from this origin only: nothing can be
 * fetched from another host, even by a library that would try. uPlot sizes its elements
 * through inline styles.
 */
const VIEWER_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * GET / (the live viewer's page) and GET /assets/{file} (its bundle and styles). Public: the
 * page asks for credentials and sends them only to this origin's API. Not part of the OpenAPI
 * document, which describes the API under /v1.
 */
export function webRouter(files: ViewerFiles | undefined) {
  const router = createRouter();
  router.get('/', (c) => {
    if (files === undefined)
      throw notFound('The viewer is not built: run `npx -y pnpm@10.34.9 --filter @sim/web build` (`npx -y pnpm@10.34.9 start` builds it)');
    c.header('Content-Security-Policy', VIEWER_CSP);
    return serve(c, files.page);
  });
  router.get('/assets/:file', (c) => {
    const file = files?.assets.get(c.req.param('file'));
    if (file === undefined) throw notFound('No such asset');
    return serve(c, file);
  });
  return router;
}

/** Revalidated on every load (the ETag makes that a 304): a rebuilt viewer is seen at once. */
function serve(c: Context, file: ViewerFile): Response {
  c.header('Cache-Control', 'no-cache');
  c.header('ETag', file.etag);
  if (c.req.header('If-None-Match') === file.etag) return c.body(null, 304);
  c.header('Content-Type', file.contentType);
  return c.body(file.body as Uint8Array<ArrayBuffer>);
}
