import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { Context } from 'hono';
import { Scalar } from '@scalar/hono-api-reference';
import type { DocsBundle } from './docs-bundle.js';
import { DOCS_ASSET_PATH } from './docs.routes.js';

/** One year: the asset URL carries the package version, so a new version is a new URL. */
const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Keeps the page on this origin: the bundle, the document and any "try it" request come from
 * 'self', so a renderer feature that would call out is blocked by the browser, not just unused.
 * Inline script is the page's bootstrap call; inline styles are the theme and the styles the
 * renderer injects at run time.
 */
const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function docsHandlers(bundle: DocsBundle) {
  const assetUrl = `${DOCS_ASSET_PATH}?v=${encodeURIComponent(bundle.version)}`;
  const etag = `"${bundle.version}-${bundle.size}"`;
  const render = Scalar({
    url: '/v1/openapi.json',
    pageTitle: 'Recursive Causality Simulator API',
    cdn: assetUrl,
    // Each of these would reach the vendor's hosts from the reader's browser: the web fonts,
    // telemetry, the AI agent (it loads a curated API list on start) and the developer toolbar
    // (shown on localhost, with a share-to-cloud button). System fonts do fine.
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    showDeveloperTools: 'never',
  });

  return {
    async page(c: Context): Promise<Response> {
      const response = await render(c, async () => {});
      if (!(response instanceof Response)) throw new Error('the reference middleware returned no response');
      response.headers.set('Content-Security-Policy', PAGE_CSP);
      response.headers.set('Cache-Control', 'no-cache');
      return response;
    },

    /** Streams the bundle from node_modules; 3–4 MB, so it is not held in memory. */
    asset(c: Context): Response {
      c.header('Cache-Control', ASSET_CACHE_CONTROL);
      c.header('ETag', etag);
      if (c.req.header('If-None-Match') === etag) return c.body(null, 304);
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      c.header('Content-Length', String(bundle.size));
      c.header('X-Content-Type-Options', 'nosniff');
      return c.body(Readable.toWeb(createReadStream(bundle.path)) as ReadableStream<Uint8Array>, 200);
    },
  };
}
